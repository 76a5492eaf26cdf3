import { messages } from '@studio/shared/messages';
import { dynamicFormMessages } from '@studio/shared/messages/dynamic-form';
import { compactAnswers, type DynamicField, type DynamicValues, dynamicValuesSchema, summaryMessage } from '@studio/shared/schemas/dynamic-form';
import type { Customer } from '@studio/shared/types/api';
import { Form, Formik, type FormikErrors, useFormikContext } from 'formik';
import { type RefObject, useId } from 'react';
import { answerText } from '../../components/custom-answers';
import { DynamicFormFields, dynamicInitialValues } from '../../components/dynamic-form-fields';
import { FocusFirstError, FormError } from '../../components/form-field';
import { showSuccess } from '../../lib/alerts';
import { api, ApiError, apiErrorText, showApiError } from '../../lib/api-client';
import { customFieldsQuery } from '../../lib/custom-fields-api';
import { uploadAnswerFile } from '../../lib/file-upload';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { updateCustomer, useSession } from '../../lib/session';
import { reloadCustomer } from './profile-api';
import { useEditMode } from './use-edit-mode';

const t = dynamicFormMessages.card;

async function saveCustomValues(values: DynamicValues): Promise<Customer> {
  const { customer } = await api.put<{ customer: Customer }>('/customer/custom_values', { values });
  return customer;
}

/** After a refused submit, the spec's alert: the one field by its label, or "several". */
function SubmitSummary({ fields, serverError }: { fields: readonly DynamicField[]; serverError: string | null }) {
  const { submitCount, isValid, errors, isSubmitting } = useFormikContext<Record<string, unknown>>();
  const clientError = submitCount > 0 && !isValid && !isSubmitting ? summaryMessage(errors, fields) : null;
  return <FormError message={clientError ?? serverError} />;
}

/** The API names fields `values.<key>` (an address part `values.<key>.<part>`); formik wants them nested by key. */
function formikErrors(error: unknown): FormikErrors<Record<string, unknown>> | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const [, key, part] = path.split('.');
    if (!key) continue;
    if (part) errors[key] = { ...(errors[key] as object | undefined), [part]: message };
    else errors[key] = message;
  }
  return errors as FormikErrors<Record<string, unknown>>;
}

interface EditFormProps {
  fields: readonly DynamicField[];
  customer: Customer;
  headingId: string;
  form: RefObject<HTMLFormElement | null>;
  onDone: () => void;
}

function EditForm({ fields, customer, headingId, form, onDone }: EditFormProps) {
  const save = useServerMutation({ mutationFn: saveCustomValues, meta: { alert: false } });

  const cancel = () => {
    onDone();
    reloadCustomer().catch((error: unknown) => showApiError(error));
  };

  return (
    <Formik
      initialValues={dynamicInitialValues(fields, customer.custom_values ?? {})}
      validationSchema={dynamicValuesSchema(fields)}
      onSubmit={async (values, helpers) => {
        try {
          updateCustomer(await save.mutateAsync(compactAnswers(values)));
          showSuccess(messages.customer.profileUpdated);
          onDone();
        } catch (error) {
          const errors = formikErrors(error);
          if (errors) helpers.setErrors(errors);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form ref={form} noValidate aria-labelledby={headingId}>
          <DynamicFormFields fields={fields} upload={uploadAnswerFile} />
          <SubmitSummary fields={fields} serverError={save.error ? apiErrorText(save.error) : null} />
          <div className="actions">
            <button type="button" className="button button--secondary" disabled={isSubmitting} onClick={cancel}>
              {messages.common.cancel}
            </button>
            <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
              {messages.common.save}
            </button>
          </div>
          <FocusFirstError />
        </Form>
      )}
    </Formik>
  );
}

/**
 * 'Información adicional' on Mi Información: the customer's answers to the
 * studio's customer custom fields (ADR 0086), with a view and an edit mode.
 * Nothing shows when the studio asks nothing extra.
 */
export function CustomFieldsCard() {
  const titleId = useId();
  const customer = useSession((state) => state.customer);
  const { data: fields, isError, refetch, isFetching } = useServerQuery(customFieldsQuery('customer'));
  const { editing, startEditing, stopEditing, editButton, form } = useEditMode();

  if (!customer) return null;
  if (isError) {
    return (
      <section className="profile-card" aria-labelledby={titleId}>
        <h2 id={titleId}>{t.title}</h2>
        <p role="alert">{t.loadError}</p>
        <button type="button" className="button button--secondary" aria-busy={isFetching || undefined} onClick={() => void refetch()}>
          {messages.common.retry}
        </button>
      </section>
    );
  }
  if (!fields || fields.length === 0) return null;

  const values = customer.custom_values ?? {};
  return (
    <section className="profile-card" aria-labelledby={titleId}>
      <div className="profile-card__header">
        <h2 id={titleId}>{t.title}</h2>
        {!editing && (
          <button ref={editButton} type="button" className="button button--secondary" aria-describedby={titleId} onClick={startEditing}>
            {t.edit}
          </button>
        )}
      </div>
      {editing ? (
        <EditForm fields={fields} customer={customer} headingId={titleId} form={form} onDone={stopEditing} />
      ) : (
        <dl className="profile-card__details">
          {fields.map((field) => {
            const answer = answerText(field, values[field.key]);
            return (
              <div key={field.key} className="profile-card__row">
                <dt>{field.label}</dt>
                <dd className={answer === null ? 'muted' : undefined}>{answer ?? t.empty}</dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
