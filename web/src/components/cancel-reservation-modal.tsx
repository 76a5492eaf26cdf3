import { fill } from '@studio/shared/messages';
import { reservationsMessages as m } from '@studio/shared/messages/reservations';
import type { ClassReservation } from '@studio/shared/schemas/class-reservation';
import { showSuccess } from '../lib/alerts';
import { api, apiErrorText } from '../lib/api-client';
import { type CancelSettings, lateCancelWarning } from '../lib/cancel-rules';
import { type QueryKey, useServerMutation } from '../lib/server-data';
import { FormError } from './form-field';
import { Modal } from './modal';

async function cancelReservation(id: number): Promise<ClassReservation> {
  return (await api.delete<{ class_reservation: ClassReservation }>(`/class_reservations/${id}`)).class_reservation;
}

/**
 * 'Cancelar Clase' (customer-area §2, §4), from Mis Reservaciones and from the
 * calendar: confirms; inside the cancel window it warns that the credit is not
 * returned (§5). A refusal shows the server's message (§8), e.g. the cancel
 * limit or a class that already started.
 */
export function CancelReservationModal({
  reservationId,
  classStart,
  className,
  dateText,
  settings,
  now,
  invalidates,
  onClose,
}: {
  reservationId: number;
  /** The class's start (ms), null when unknown: the warning is about it. */
  classStart: number | null;
  className: string;
  dateText: string;
  settings: CancelSettings;
  /** When the screen decided to offer the cancel (the warning is about that moment). */
  now: number;
  /** What the cancel changes on the calling screen (its lists, the credits, the schedule). */
  invalidates: readonly QueryKey[];
  onClose: () => void;
}) {
  const cancel = useServerMutation({
    mutationFn: cancelReservation,
    meta: { alert: false, invalidates },
    onSuccess: () => {
      showSuccess(m.cancelled);
      onClose();
    },
  });
  const warning = lateCancelWarning(classStart, settings, now);
  return (
    <Modal title={m.cancel} onClose={onClose}>
      <p>{fill(m.cancelQuestion, { class: className, date: dateText })}</p>
      {warning && <p className="modal__warning">{warning}</p>}
      <FormError message={cancel.error ? apiErrorText(cancel.error) : null} />
      <div className="modal__actions">
        <button type="button" className="button" disabled={cancel.isPending} aria-busy={cancel.isPending} onClick={() => cancel.mutate(reservationId)}>
          {m.confirmCancel}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {m.keepReservation}
        </button>
      </div>
    </Modal>
  );
}
