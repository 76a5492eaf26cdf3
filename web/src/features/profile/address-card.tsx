import { fill, messages } from '@studio/shared/messages';
import { fieldLabels as f } from '@studio/shared/messages/fields';
import { profileMessages as m } from '@studio/shared/messages/profile';
import { addressCreateSchema } from '@studio/shared/schemas/catalogue/addresses';
import type { Address } from '@studio/shared/types/catalogue';
import { Form, Formik } from 'formik';
import { useId } from 'react';
import { FocusFirstError, TextField } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { CardFormActions } from './card-form-actions';
import { addressesQuery, type AddressInput, profileKeys, saveAddress } from './profile-api';
import { useEditMode } from './use-edit-mode';

const FIELDS = ['street', 'number', 'interior_number', 'neighborhood', 'city', 'state', 'country', 'zip_code'] as const;
type AddressValues = Record<(typeof FIELDS)[number], string>;
const REQUIRED = new Set<string>(['city', 'state', 'country']);

function valuesOf(address: Address | null): AddressValues {
  return Object.fromEntries(FIELDS.map((field) => [field, address?.[field] ?? ''])) as AddressValues;
}

/** Blank optional fields are sent as null, which clears them; an id makes it an update (spec "Saves"). */
function addressPayload(values: AddressValues, address: Address | null): AddressInput {
  const optional = (value: string) => value.trim() || null;
  return {
    ...(address ? { address_id: address.address_id } : {}),
    street: optional(values.street),
    number: optional(values.number),
    interior_number: optional(values.interior_number),
    neighborhood: optional(values.neighborhood),
    city: values.city.trim(),
    state: values.state.trim(),
    country: values.country.trim(),
    zip_code: optional(values.zip_code),
  };
}

/** The address as it is written on an envelope, skipping what is not filled in. */
function addressLines(a: Address): string[] {
  const street = [a.street, a.number, a.interior_number && fill(m.interior, { n: a.interior_number })].filter(Boolean).join(' ');
  return [
    street,
    a.neighborhood ?? '',
    [a.city, a.state].join(', '),
    [a.country, a.zip_code && fill(m.zip, { zip: a.zip_code })].filter(Boolean).join(', '),
  ].filter(Boolean);
}

const AUTOCOMPLETE: Partial<Record<(typeof FIELDS)[number], string>> = {
  street: 'address-line1',
  city: 'address-level2',
  state: 'address-level1',
  country: 'country-name',
  zip_code: 'postal-code',
};

/** Mi Información's billing address card (spec §2, §5): the customer's first address, created or updated with the API's schema. */
export function AddressCard() {
  const headingId = useId();
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(addressesQuery);
  const { editing, startEditing, stopEditing, editButton, form } = useEditMode();
  const save = useServerMutation({ mutationFn: saveAddress, meta: { alert: false, invalidates: [profileKeys.addresses] } });
  const address = data?.[0] ?? null;

  const cancel = () => {
    stopEditing();
    void refetch();
  };

  let body;
  if (editing) {
    body = (
      <Formik
        initialValues={valuesOf(address)}
        validationSchema={addressCreateSchema}
        onSubmit={async (values, helpers) => {
          helpers.setStatus(null);
          try {
            await save.mutateAsync(addressPayload(values, address));
            showSuccess(messages.common.saved);
            stopEditing();
          } catch (error) {
            helpers.setStatus(apiErrorText(error));
            if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
          }
        }}
      >
        {({ isSubmitting, status: submitError }) => (
          <Form ref={form} noValidate aria-labelledby={headingId} className="form-grid">
            {FIELDS.map((field) => (
              <TextField key={field} name={field} label={f[field]} optional={!REQUIRED.has(field)} autoComplete={AUTOCOMPLETE[field]} />
            ))}
            <CardFormActions submitError={typeof submitError === 'string' ? submitError : null} isSubmitting={isSubmitting} onCancel={cancel} />
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    );
  } else if (address) {
    body = (
      <address className="profile-card__address">
        {addressLines(address).map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
    );
  } else if (data) {
    body = (
      <div className="profile-card__empty">
        <p className="muted">{m.addressEmpty}</p>
        <button ref={editButton} type="button" className="button" onClick={startEditing}>
          {m.addAddress}
        </button>
      </div>
    );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.addressLoadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <div className="profile-card__header">
        <h2 id={headingId}>{m.addressTitle}</h2>
        {!editing && address && (
          <button ref={editButton} type="button" className="button button--secondary" aria-label={m.editAddress} onClick={startEditing}>
            {m.edit}
          </button>
        )}
      </div>
      {body}
    </section>
  );
}
