import { messages } from '@studio/shared/messages';
import { adminCustomersMessages as m } from '@studio/shared/messages/admin-customers';
import { fieldLabels as f } from '@studio/shared/messages/fields';
import {
  type CustomerCreateInput,
  customerCreateSchema,
  type CustomerUpdateInput,
  customerUpdateSchema,
  SIGNUP_REASON_OTHER,
} from '@studio/shared/schemas/customer';
import type { Customer } from '@studio/shared/types/customers';
import { Form, Formik, type FormikHelpers, useFormikContext, yupToFormErrors } from 'formik';
import { useNavigate } from 'react-router';
import { type Schema, ValidationError } from 'yup';
import { FocusFirstError, FormError, PhoneField, SelectField, TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { adminCustomersKeys, createCustomer, customerDetailPath, updateCustomerProfile } from './admin-customers-api';

interface ProfileValues {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  birthdate: string;
  instagram: string;
  signup_reason: string;
  signup_reason_other: string;
}

const blank: ProfileValues = { name: '', last_name: '', email: '', phone: '', birthdate: '', instagram: '', signup_reason: '', signup_reason_other: '' };

/** The profile part of both bodies: blank optional fields become null, which the edit uses to clear a stored value. */
function profileBody(values: ProfileValues) {
  const optional = (value: string) => value.trim() || null;
  return {
    name: values.name.trim(),
    last_name: values.last_name.trim(),
    phone: values.phone,
    birthdate: values.birthdate || null,
    instagram: optional(values.instagram),
    // The schema checks the value against the catalogue's options before anything is sent.
    signup_reason: (values.signup_reason || null) as CustomerUpdateInput['signup_reason'],
    signup_reason_other: values.signup_reason === SIGNUP_REASON_OTHER ? optional(values.signup_reason_other) : null,
  };
}

/** A new customer has nothing to clear, so blank optional fields are left out rather than sent as null. */
function createBody(values: ProfileValues): CustomerCreateInput {
  const body: Record<string, unknown> = { ...profileBody(values), email: values.email.trim() };
  for (const key of Object.keys(body)) if (body[key] === null) delete body[key];
  return body as CustomerCreateInput;
}

/** Validates exactly the body that will be sent, with the API's own schema, so the form shows the API's messages. */
async function validateBody(schema: Schema, body: unknown) {
  try {
    await schema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return yupToFormErrors<ProfileValues>(error);
    throw error;
  }
}

function ProfileFields({ withEmail }: { withEmail: boolean }) {
  const { values } = useFormikContext<ProfileValues>();
  return (
    <>
      <TextField name="name" label={f.name} autoComplete="off" />
      <TextField name="last_name" label={f.last_name} autoComplete="off" />
      {withEmail && <TextField name="email" type="email" label={f.email} autoComplete="off" />}
      <PhoneField />
      <TextField name="instagram" label={f.instagram} optional />
      <TextField name="birthdate" type="date" label={f.birthdate} optional />
      <SelectField name="signup_reason" label={f.signup_reason} optional options={messages.customer.signupReasons} />
      {values.signup_reason === SIGNUP_REASON_OTHER && <TextField name="signup_reason_other" label={f.signup_reason_other} />}
    </>
  );
}

interface ProfileModalProps {
  title: string;
  submitLabel: string;
  busyLabel: string;
  initialValues: ProfileValues;
  withEmail: boolean;
  hint?: string;
  validate: (values: ProfileValues) => Promise<Record<string, unknown>>;
  save: (values: ProfileValues) => Promise<void>;
  onClose: () => void;
}

/** The form in a modal: a refusal shows the server's message, and its field errors (a taken phone or e-mail) on the inputs. */
function ProfileModal({ title, submitLabel, busyLabel, initialValues, withEmail, hint, validate, save, onClose }: ProfileModalProps) {
  const submit = async (values: ProfileValues, helpers: FormikHelpers<ProfileValues>) => {
    helpers.setStatus(null);
    try {
      await save(values);
    } catch (error) {
      helpers.setStatus(apiErrorText(error) ?? messages.common.genericError);
      if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
    }
  };
  return (
    <Modal title={title} onClose={onClose}>
      <Formik initialValues={initialValues} validate={validate} onSubmit={submit}>
        {({ isSubmitting, status }) => (
          <Form noValidate aria-label={title} aria-busy={isSubmitting} className="admin-customers__form">
            {hint && <p className="muted">{hint}</p>}
            <ProfileFields withEmail={withEmail} />
            <FormError message={typeof status === 'string' ? status : null} />
            <div className="actions">
              <button type="button" className="button button--secondary" onClick={onClose}>
                {messages.common.cancel}
              </button>
              <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
                {submitLabel}
              </button>
            </div>
            {isSubmitting && <Spinner label={busyLabel} />}
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}

/**
 * 'Nuevo cliente' (POST /customer): the server creates the identity and the
 * record together and e-mails a link to set the password; on success the desk
 * lands on the new customer's page.
 */
export function NewCustomerModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const create = useServerMutation({ mutationFn: createCustomer, meta: { alert: false, invalidates: [adminCustomersKeys.all] } });
  return (
    <ProfileModal
      title={m.newCustomerTitle}
      submitLabel={m.create}
      busyLabel={m.creating}
      hint={m.newCustomerHint}
      initialValues={blank}
      withEmail
      validate={(values) => validateBody(customerCreateSchema, createBody(values))}
      save={async (values) => {
        const { customer, mail_sent } = await create.mutateAsync(createBody(values));
        showSuccess(mail_sent ? m.created : m.createdMailFailed);
        onClose();
        void navigate(customerDetailPath(customer.customer_id));
      }}
      onClose={onClose}
    />
  );
}

/** 'Editar perfil' (PUT /customer with customer_id): the same profile fields; the e-mail is the identity's and is not edited here. */
export function EditProfileModal({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const id = customer.customer_id;
  const update = useServerMutation({
    mutationFn: updateCustomerProfile,
    // The search list shows name and phone too, so everything of the console's customers is refreshed.
    meta: { alert: false, invalidates: [adminCustomersKeys.all] },
  });
  const body = (values: ProfileValues) => ({ customer_id: id, ...profileBody(values) });
  return (
    <ProfileModal
      title={m.editProfile}
      submitLabel={messages.common.save}
      busyLabel={m.saving}
      initialValues={{
        ...blank,
        name: customer.name,
        last_name: customer.last_name,
        phone: customer.phone,
        birthdate: customer.birthdate ?? '',
        instagram: customer.instagram ?? '',
        signup_reason: customer.signup_reason ?? '',
        signup_reason_other: customer.signup_reason_other ?? '',
      }}
      withEmail={false}
      validate={(values) => validateBody(customerUpdateSchema, body(values))}
      save={async (values) => {
        await update.mutateAsync(body(values));
        showSuccess(messages.customer.profileUpdated);
        onClose();
      }}
      onClose={onClose}
    />
  );
}
