import { calendarMessages as m } from '@studio/shared/messages/calendar';
import { compactAnswers, type DynamicField, type DynamicValues, dynamicValuesSchema, summaryMessage } from '@studio/shared/schemas/dynamic-form';
import type { Customer } from '@studio/shared/types/api';
import { Form, Formik, type FormikErrors, useFormikContext } from 'formik';
import { DynamicFormFields, dynamicInitialValues } from '../../../components/dynamic-form-fields';
import { FocusFirstError, FormError } from '../../../components/form-field';
import { api, ApiError, apiErrorText } from '../../../lib/api-client';
import { uploadAnswerFile } from '../../../lib/file-upload';
import { useServerMutation } from '../../../lib/server-data';
import { updateCustomer } from '../../../lib/session';

/**
 * Whether the booking modal asks 'Completa tu perfil' first (ADR 0118): the
 * studio has profile questions and the customer has required ones unanswered
 * (the API would refuse the booking) or has never saved their answers (the
 * optional ones are asked once, and may be left empty).
 */
export function needsIntake(customer: Pick<Customer, 'pending_fields' | 'intake_asked'> | null, fields: readonly DynamicField[]): boolean {
  if (!customer || fields.length === 0) return false;
  return (customer.pending_fields?.length ?? 0) > 0 || customer.intake_asked === false;
}

/** PUT /customer/custom_values: the same call as Mi Información's card; the answer replaces the session's customer. */
async function saveAnswers(values: DynamicValues): Promise<Customer> {
  const { customer } = await api.put<{ customer: Customer }>('/customer/custom_values', { values });
  return customer;
}

/** GET /customer into the session: after a 409 booking/profile-incomplete, the questions the studio added meanwhile. */
export async function reloadIntake(): Promise<void> {
  const { customer } = await api.get<{ customer: Customer }>('/customer');
  updateCustomer(customer);
}

/** The API names answers `values.<key>` (an address part `values.<key>.<part>`); formik wants them by key. */
function answerErrors(error: unknown): FormikErrors<Record<string, unknown>> | null {
  if (!(error instanceof ApiError) || !error.fields) return null;
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(error.fields)) {
    const [, key, part] = path.split('.');
    if (!key) continue;
    errors[key] = part ? { ...(errors[key] as object | undefined), [part]: message } : message;
  }
  return errors as FormikErrors<Record<string, unknown>>;
}

function Summary({ fields, serverError }: { fields: readonly DynamicField[]; serverError: string | null }) {
  const { submitCount, isValid, errors, isSubmitting } = useFormikContext<Record<string, unknown>>();
  const clientError = submitCount > 0 && !isValid && !isSubmitting ? summaryMessage(errors, fields) : null;
  return <FormError message={clientError ?? serverError} />;
}

/**
 * The booking modal's first step while `needsIntake`: the studio's profile
 * questions with the profile's own rules (shared dynamicValuesSchema, '(Opcional)'
 * on optional ones), saved through the customer custom values API. Saved, the
 * session's customer is no longer pending and the modal goes on to the booking.
 */
export function ProfileIntakeStep({
  fields,
  customer,
  onClose,
  onSaved,
}: {
  fields: readonly DynamicField[];
  customer: Customer;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const save = useServerMutation({ mutationFn: saveAnswers, meta: { alert: false } });
  return (
    <Formik
      initialValues={dynamicInitialValues(fields, customer.custom_values ?? {})}
      validationSchema={dynamicValuesSchema(fields)}
      onSubmit={async (values, helpers) => {
        try {
          const saved = await save.mutateAsync(compactAnswers(values));
          onSaved?.();
          updateCustomer(saved);
        } catch (error) {
          const errors = answerErrors(error);
          if (errors) helpers.setErrors(errors);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate className="booking-form">
          <fieldset className="booking-form__questions">
            <legend>{m.intakeLegend}</legend>
            <p className="field__hint">{m.intakeHint}</p>
            <DynamicFormFields fields={fields} upload={uploadAnswerFile} />
          </fieldset>
          <Summary fields={fields} serverError={save.error ? apiErrorText(save.error) : null} />
          <div className="modal__actions">
            <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
              {m.intakeContinue}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {m.close}
            </button>
          </div>
          <FocusFirstError />
        </Form>
      )}
    </Formik>
  );
}
