import { fill, messages } from '@studio/shared/messages';
import { fieldLabels } from '@studio/shared/messages/fields';
import { passwordPolicyFromConfig, SIGNUP_REASON_OTHER, signupFormSchema } from '@studio/shared/schemas/customer';
import type { Page } from '@studio/shared/types/api';
import { Form, Formik, useFormikContext } from 'formik';
import { useId, useMemo } from 'react';
import { Checkbox, FocusFirstError, FormError, PhoneField, SelectField, TextField } from '../../components/form-field';
import { HtmlContent } from '../../components/html-content';
import { openModal } from '../../components/modal-store';
import { Spinner } from '../../components/spinner';
import { useConfig } from '../../lib/app-config';
import { useServerMutation } from '../../lib/server-data';
import { signUp, type SignupValues } from './sign-up';
import './auth.css';

const f = fieldLabels;

const initialValues: SignupValues = {
  name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  password_confirm: '',
  birthdate: '',
  instagram: '',
  signup_reason: '',
  signup_reason_other: '',
  accepted_pages: [],
};

/** One checkbox accepts every document flagged required_signup; each document opens in the global modal. */
function TermsField({ pages }: { pages: readonly Page[] }) {
  const listId = useId();
  const { values, errors, touched, submitCount, setFieldValue, setFieldTouched } = useFormikContext<SignupValues>();
  const ids = pages.map((page) => page.page_id);
  const accepted = ids.every((id) => values.accepted_pages.includes(id));
  const error = (touched.accepted_pages || submitCount > 0) && typeof errors.accepted_pages === 'string' ? errors.accepted_pages : undefined;
  return (
    <fieldset className="terms">
      <Checkbox
        label={messages.pages.signupTermsIntro}
        checked={accepted}
        onChange={(checked) => {
          void setFieldValue('accepted_pages', checked ? ids : []);
          void setFieldTouched('accepted_pages', true, false);
        }}
        error={error}
        descriptionId={listId}
      />
      <ul id={listId} className="terms__documents">
        {pages.map((page) => (
          <li key={page.page_id}>
            <button type="button" className="link-button" onClick={() => openModal(page.title, <HtmlContent html={page.content ?? ''} />)}>
              {page.title}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function ReasonFields() {
  const { values } = useFormikContext<SignupValues>();
  return (
    <>
      <SelectField name="signup_reason" label={f.signup_reason} optional options={messages.customer.signupReasons} />
      {values.signup_reason === SIGNUP_REASON_OTHER && <TextField name="signup_reason_other" label={f.signup_reason_other} />}
    </>
  );
}

interface SignupFormProps {
  /** Pages flagged required_signup; null while the page list is still loading. */
  requiredPages: readonly Page[] | null;
  labelledBy?: string;
  /** After the customer record exists and the session started (the sign-up page goes to /mystudio; the booking prompt stays). */
  onSignedUp?: () => void | Promise<void>;
}

/** Registration (public-site §4): the sign-up page's form, and the booking prompt's sign-up card (customer-area §2). */
export function SignupForm({ requiredPages, labelledBy, onSignedUp }: SignupFormProps) {
  // signUp() never throws: it answers with an outcome the form shows in place.
  const signup = useServerMutation({ mutationFn: signUp, meta: { alert: false } });
  const config = useConfig();
  const policy = useMemo(() => passwordPolicyFromConfig(config), [config]);
  const schema = useMemo(
    () =>
      signupFormSchema(
        policy,
        (requiredPages ?? []).map((page) => page.page_id),
      ),
    [policy, requiredPages],
  );

  return (
    <Formik
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        helpers.setStatus(null);
        const outcome = await signup.mutateAsync(values);
        if (outcome.ok) {
          await onSignedUp?.();
        } else if (outcome.field) {
          helpers.setFieldError(outcome.field, outcome.message);
        } else {
          helpers.setStatus(outcome.message);
        }
      }}
    >
      {({ isSubmitting, status: submitError }) => (
        <Form noValidate aria-labelledby={labelledBy} className="form-grid">
          <TextField name="name" label={f.name} autoComplete="given-name" />
          <TextField name="last_name" label={f.last_name} autoComplete="family-name" />
          <TextField name="email" type="email" label={f.email} autoComplete="email" />
          <PhoneField />
          <TextField
            name="password"
            type="password"
            label={f.password}
            autoComplete="new-password"
            hint={fill(messages.validation.passwordMin, { n: policy.minLength })}
          />
          <TextField name="password_confirm" type="password" label={f.passwordConfirm} autoComplete="new-password" />
          <TextField name="birthdate" type="date" label={f.birthdate} optional autoComplete="bday" />
          <TextField name="instagram" label={f.instagram} optional />
          <ReasonFields />
          <div className="form-grid__full">
            {requiredPages === null ? <Spinner /> : requiredPages.length > 0 && <TermsField pages={requiredPages} />}
            <FormError message={typeof submitError === 'string' ? submitError : null} />
            <button type="submit" className="button button--block" disabled={isSubmitting || requiredPages === null} aria-busy={isSubmitting}>
              {messages.auth.signupButton}
            </button>
          </div>
          <FocusFirstError />
        </Form>
      )}
    </Formik>
  );
}
