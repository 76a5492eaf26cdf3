import { fill, messages } from '@studio/shared/messages';
import { adminScheduleMessages as m } from '@studio/shared/messages/admin-schedule';
import { type AdminRemoveReservationQuery, adminRemoveReservationQuerySchema, type RosterReservation } from '@studio/shared/schemas/class-roster';
import { Field, Form, Formik } from 'formik';
import { useId } from 'react';
import { FocusFirstError, FormError } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { Spinner } from '../../components/spinner';
import { apiErrorText } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { adminScheduleKeys, removeFromClass } from './admin-schedule-api';
import { validateBody } from './class-form-fields';

interface RemoveValues {
  refund: 'true' | 'false';
}

/**
 * Only a reservation a lot paid for has a credit to decide about; a courtesy
 * or cash one has none (the API records it as not refunded either way), so
 * no option is sent and the API's default applies.
 */
const removeQuery = (r: RosterReservation, v: RemoveValues): AdminRemoveReservationQuery =>
  r.available_class_id === null ? {} : { refund: v.refund === 'true' };

/**
 * 'Quitar': a 'Precaución' dialog, as the console's other destructive actions,
 * that says what happens to the place and to the credit and lets the admin
 * choose the credit's fate (the API's `refund`, returned by default). The
 * reservation ends as an admin cancel; the roster and the class's count are
 * read again before `onRemoved` (the mutation settles after the refetch).
 */
export function RemoveReservationModal({
  classId,
  r,
  name,
  onClose,
  onRemoved,
}: {
  classId: number;
  r: RosterReservation;
  name: string;
  onClose: () => void;
  onRemoved: (text: string) => void;
}) {
  const id = useId();
  const remove = useServerMutation({
    mutationFn: (query: AdminRemoveReservationQuery) => removeFromClass(classId, r.class_reservation_id, query),
    meta: { alert: false, invalidates: [adminScheduleKeys.all] },
  });
  const paidWithCredit = r.available_class_id !== null;
  const options = [
    { value: 'true', label: m.refundYes, hint: m.refundYesHint },
    { value: 'false', label: m.refundNo, hint: m.refundNoHint },
  ];

  return (
    <Modal title={messages.common.confirmTitle} onClose={onClose}>
      <p>
        <strong>{fill(m.removeQuestion, { name })}</strong>
      </p>
      <p>{m.removeIntro}</p>
      <Formik<RemoveValues>
        initialValues={{ refund: 'true' }}
        validate={(v) => validateBody(adminRemoveReservationQuerySchema, removeQuery(r, v))}
        onSubmit={async (v, helpers) => {
          helpers.setStatus(null);
          const query = removeQuery(r, v);
          try {
            await remove.mutateAsync(query);
            onRemoved(fill(query.refund === undefined ? m.removed : query.refund ? m.removedRefunded : m.removedKept, { name }));
          } catch (error) {
            helpers.setStatus(apiErrorText(error));
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate className="admin-schedule__form" aria-label={fill(m.removeOf, { name })} aria-busy={isSubmitting}>
            {paidWithCredit ? (
              <fieldset className="field admin-schedule__group">
                <legend className="field__label">{m.refundLegend}</legend>
                {options.map((o) => (
                  <div key={o.value} className="admin-schedule__option">
                    <label className="admin-schedule__check">
                      <Field type="radio" name="refund" value={o.value} aria-describedby={`${id}-${o.value}`} /> {o.label}
                    </label>
                    <p id={`${id}-${o.value}`} className="field__hint">
                      {o.hint}
                    </p>
                  </div>
                ))}
              </fieldset>
            ) : (
              <p>{m.noCreditToRefund}</p>
            )}
            <FormError message={typeof status === 'string' ? status : null} />
            <div className="actions">
              <button type="button" className="button button--secondary" onClick={onClose}>
                {m.keepReservation}
              </button>
              <button type="submit" className="button admin-schedule__danger" disabled={isSubmitting} aria-busy={isSubmitting}>
                {m.removeConfirm}
              </button>
            </div>
            {isSubmitting && <Spinner label={m.removing} />}
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
