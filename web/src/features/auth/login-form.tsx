import { messages } from '@studio/shared/messages';
import { fieldLabels } from '@studio/shared/messages/fields';
import { loginFormSchema } from '@studio/shared/schemas/customer';
import { Form, Formik } from 'formik';
import { FocusFirstError, FormError, TextField } from '../../components/form-field';
import { signIn } from '../../lib/auth-client';
import { useSession } from '../../lib/session';
import { authErrorMessage } from './auth-errors';

/** E-mail and password sign-in: the login screen's form, and the booking prompt's (customer-area §2). */
export function LoginForm({ labelledBy }: { labelledBy?: string }) {
  const status = useSession((state) => state.status);
  return (
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
        // After the identity signs in, the session still has to load the customer.
        const busy = isSubmitting || status === 'loading';
        return (
          <Form noValidate aria-labelledby={labelledBy}>
            <TextField name="email" type="email" label={fieldLabels.email} autoComplete="email" />
            <TextField name="password" type="password" label={fieldLabels.password} autoComplete="current-password" />
            <FormError message={typeof submitError === 'string' ? submitError : null} />
            <button type="submit" className="button button--block" disabled={busy} aria-busy={busy}>
              {messages.auth.loginButton}
            </button>
            <FocusFirstError />
          </Form>
        );
      }}
    </Formik>
  );
}
