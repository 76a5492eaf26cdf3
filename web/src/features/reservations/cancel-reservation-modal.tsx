import { fill } from '@studio/shared/messages';
import { reservationsMessages as m } from '@studio/shared/messages/reservations';
import type { ClassReservation } from '@studio/shared/schemas/class-reservation';
import { FormError } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { showSuccess } from '../../lib/alerts';
import { apiErrorText } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { type CancelSettings, lateCancelWarning } from './reservation-rules';
import { afterCancel, cancelReservation } from './reservations-api';

/**
 * 'Cancelar Clase' (customer-area §2, §4): confirms; inside the cancel window it
 * warns that the credit is not returned (§5). A refusal shows the server's
 * message (§8), e.g. the cancel limit or a class that already started.
 */
export function CancelReservationModal({
  reservation,
  className,
  dateText,
  settings,
  now,
  onClose,
}: {
  reservation: ClassReservation;
  className: string;
  dateText: string;
  settings: CancelSettings;
  /** When the screen decided to offer the cancel (the warning is about that moment). */
  now: number;
  onClose: () => void;
}) {
  const cancel = useServerMutation({
    mutationFn: cancelReservation,
    meta: { alert: false, invalidates: afterCancel },
    onSuccess: () => {
      showSuccess(m.cancelled);
      onClose();
    },
  });
  const warning = lateCancelWarning(reservation, settings, now);
  return (
    <Modal title={m.cancel} onClose={onClose}>
      <p>{fill(m.cancelQuestion, { class: className, date: dateText })}</p>
      {warning && <p className="reservations__warning">{warning}</p>}
      <FormError message={cancel.error ? apiErrorText(cancel.error) : null} />
      <div className="modal__actions">
        <button
          type="button"
          className="button"
          disabled={cancel.isPending}
          aria-busy={cancel.isPending}
          onClick={() => cancel.mutate(reservation.class_reservation_id)}
        >
          {m.confirmCancel}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {m.keepReservation}
        </button>
      </div>
    </Modal>
  );
}
