import { messages } from '@studio/shared/messages';
import { fieldLabels } from '@studio/shared/messages/fields';
import { loginFormSchema } from '@studio/shared/schemas/customer';
import { Form, Formik } from 'formik';
import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { FocusFirstError, FormError, TextField } from '../../components/form-field';
import { signIn } from '../../lib/auth-client';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { authErrorMessage } from './auth-errors';
import './auth.css';

export function LoginScreen() {
  const headingId = useId();
  const status = useSession((state) => state.status);
  if (status === 'signed-in') return <Navigate to={paths.myStudio} replace />;

  return (
    <section className="auth-card">
      <h1 id={headingId}>{messages.auth.loginTitle}</h1>
      <Formik
        initialValues={{ email: '', password: '' }}
        validationSchema={loginFormSchema}
        onSubmit={async (values, helpers) => {
          helpers.setStatus(null);
          try {
            await signIn(values.email.trim(), values.password);
          } catch (error) {
            helpers.setStatus(authErrorMessage(error));
          }
        }}
      >
        {({ isSubmitting, status: submitError }) => {
          // After the identity signs in, the session still has to load the customer before redirecting.
          const busy = isSubmitting || status === 'loading';
          return (
            <Form noValidate aria-labelledby={headingId}>
              <TextField name="email" type="email" label={fieldLabels.email} autoComplete="email" />
              <TextField name="password" type="password" label={fieldLabels.password} autoComplete="current-password" />
              <FormError message={submitError} />
              <button type="submit" className="button button--block" disabled={busy} aria-busy={busy}>
                {messages.auth.loginButton}
              </button>
              <FocusFirstError />
            </Form>
          );
        }}
      </Formik>
      <ul className="auth-card__links">
        <li>
          <Link to={paths.recover}>{messages.auth.forgotPassword}</Link>
        </li>
        <li>
          <Link to={paths.signup}>{messages.auth.toSignup}</Link>
        </li>
      </ul>
    </section>
  );
}
