import { formatCalendarDay } from '@studio/shared/format/schedule-week';
import { fill, messages } from '@studio/shared/messages';
import { fieldLabels as f } from '@studio/shared/messages/fields';
import { profileMessages as m } from '@studio/shared/messages/profile';
import { type CustomerUpdateInput, customerUpdateSchema, SIGNUP_REASON_OTHER } from '@studio/shared/schemas/customer';
import type { Customer } from '@studio/shared/types/api';
import { Form, Formik, useFormikContext } from 'formik';
import { useId } from 'react';
import { FocusFirstError, PhoneField, SelectField, TextField } from '../../components/form-field';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText, type ErrorTexts, showApiError } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { CardFormActions } from './card-form-actions';
import { reloadCustomer, saveCustomer } from './profile-api';
import { ProfilePhoto } from './profile-photo';
import { useEditMode } from './use-edit-mode';

interface ProfileValues {
  name: string;
  last_name: string;
  phone: string;
  birthdate: string;
  instagram: string;
  signup_reason: string;
  signup_reason_other: string;
}

/** Spec §8: a 409 on update reads as the sign-up one; the field the server names (the phone) also says why. */
const SAVE_ERRORS: ErrorTexts = { '409': messages.auth.alreadyRegistered };

function valuesOf(customer: Customer): ProfileValues {
  return {
    name: customer.name,
    last_name: customer.last_name,
    phone: customer.phone,
    birthdate: customer.birthdate ?? '',
    instagram: customer.instagram ?? '',
    signup_reason: customer.signup_reason ?? '',
    signup_reason_other: customer.signup_reason_other ?? '',
  };
}

/** Blank optional fields are sent as null, which clears them (an omitted one would keep the stored value). */
function profilePayload(values: ProfileValues): CustomerUpdateInput {
  const optional = (value: string) => value.trim() || null;
  return {
    name: values.name.trim(),
    last_name: values.last_name.trim(),
    phone: values.phone,
    birthdate: values.birthdate || null,
    instagram: optional(values.instagram),
    // The schema has already checked the value against the catalogue's options.
    signup_reason: (values.signup_reason || null) as CustomerUpdateInput['signup_reason'],
    signup_reason_other: values.signup_reason === SIGNUP_REASON_OTHER ? optional(values.signup_reason_other) : null,
  };
}

function reasonText(customer: Customer): string | null {
  const { signup_reason: reason, signup_reason_other: other } = customer;
  if (reason === SIGNUP_REASON_OTHER && other) return fill(m.reasonOther, { reason, other });
  return reason;
}

function InfoView({ customer }: { customer: Customer }) {
  const rows: Array<[string, string | null]> = [
    [f.name, customer.name],
    [f.last_name, customer.last_name],
    [f.email, customer.email],
    [f.phone, customer.phone],
    [f.instagram, customer.instagram],
    [f.birthdate, customer.birthdate ? formatCalendarDay(customer.birthdate) : null],
    [f.signup_reason, reasonText(customer)],
  ];
  return (
    <dl className="profile-card__details">
      {rows.map(([label, value]) => (
        <div key={label} className="profile-card__row">
          <dt>{label}</dt>
          <dd className={value ? undefined : 'muted'}>{value || m.notSet}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReasonFields() {
  const { values } = useFormikContext<ProfileValues>();
  return (
    <>
      <SelectField name="signup_reason" label={f.signup_reason} optional options={messages.customer.signupReasons} />
      {values.signup_reason === SIGNUP_REASON_OTHER && <TextField name="signup_reason_other" label={f.signup_reason_other} />}
    </>
  );
}

/** Mi Información's profile card (spec §2): the data in view mode, the shared update schema's form in edit mode. */
export function ProfileCard({ customer }: { customer: Customer }) {
  const headingId = useId();
  const { editing, startEditing, stopEditing, editButton, form } = useEditMode();
  const save = useServerMutation({ mutationFn: saveCustomer, meta: { alert: false } });

  const cancel = () => {
    stopEditing();
    reloadCustomer().catch((error: unknown) => showApiError(error));
  };

  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <div className="profile-card__header">
        <h2 id={headingId}>{m.infoTitle}</h2>
        {!editing && (
          <button ref={editButton} type="button" className="button button--secondary" aria-label={m.editInfo} onClick={startEditing}>
            {m.edit}
          </button>
        )}
      </div>
      <ProfilePhoto customer={customer} />
      {editing ? (
        <Formik
          initialValues={valuesOf(customer)}
          validationSchema={customerUpdateSchema}
          onSubmit={async (values, helpers) => {
            helpers.setStatus(null);
            try {
              await save.mutateAsync(profilePayload(values));
              showSuccess(messages.customer.profileUpdated);
              stopEditing();
            } catch (error) {
              helpers.setStatus(apiErrorText(error, SAVE_ERRORS));
              if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
            }
          }}
        >
          {({ isSubmitting, status: submitError }) => (
            <Form ref={form} noValidate aria-labelledby={headingId} className="form-grid">
              <TextField name="name" label={f.name} autoComplete="given-name" />
              <TextField name="last_name" label={f.last_name} autoComplete="family-name" />
              <div className="field form-grid__full">
                <p className="profile-card__static">
                  <span className="field__label">{f.email}</span> {customer.email}
                </p>
                <p className="field__hint">{m.emailHint}</p>
              </div>
              <PhoneField />
              <TextField name="instagram" label={f.instagram} optional />
              <TextField name="birthdate" type="date" label={f.birthdate} optional autoComplete="bday" />
              <ReasonFields />
              <CardFormActions submitError={typeof submitError === 'string' ? submitError : null} isSubmitting={isSubmitting} onCancel={cancel} />
              <FocusFirstError />
            </Form>
          )}
        </Formik>
      ) : (
        <InfoView customer={customer} />
      )}
    </section>
  );
}
