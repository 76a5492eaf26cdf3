import { messages } from '@studio/shared/messages';
import { fieldLabels } from '@studio/shared/messages/fields';
import { recoverSchema } from '@studio/shared/schemas/customer';
import { Form, Formik } from 'formik';
import { useId } from 'react';
import { Link } from 'react-router';
import { FocusFirstError, FormError, TextField } from '../../components/form-field';
import { showSuccess } from '../../lib/alerts';
import { apiErrorText } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useServerMutation } from '../../lib/server-data';
import { requestPasswordReset } from './auth-api';
import './auth.css';

export function RecoverScreen() {
  const headingId = useId();
  // The form shows the failure itself.
  const recover = useServerMutation({ mutationFn: requestPasswordReset, meta: { alert: false } });
  return (
    <section className="auth-card">
      <h1 id={headingId}>{messages.auth.recoverTitle}</h1>
      <Formik
        initialValues={{ email: '' }}
        validationSchema={recoverSchema}
        onSubmit={async (values, helpers) => {
          helpers.setStatus(null);
          try {
            await recover.mutateAsync(values.email.trim());
            showSuccess(messages.auth.recoverSent);
            helpers.resetForm();
          } catch (error) {
            helpers.setStatus(apiErrorText(error));
          }
        }}
      >
        {({ isSubmitting, status: submitError }) => (
          <Form noValidate aria-labelledby={headingId}>
            <TextField name="email" type="email" label={fieldLabels.email} autoComplete="email" />
            <FormError message={typeof submitError === 'string' ? submitError : null} />
            <button type="submit" className="button button--block" disabled={isSubmitting} aria-busy={isSubmitting}>
              {messages.auth.recoverButton}
            </button>
            <FocusFirstError />
          </Form>
        )}
      </Formik>
      <ul className="auth-card__links">
        <li>
          <Link to={paths.login}>{messages.auth.toLogin}</Link>
        </li>
      </ul>
    </section>
  );
}
