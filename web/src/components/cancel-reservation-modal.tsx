import { fill } from '@studio/shared/messages';
import { reservationsMessages as m } from '@studio/shared/messages/reservations';
import type { ClassReservation, GuestOnCancel } from '@studio/shared/schemas/class-reservation';
import { useId, useState } from 'react';
import { showSuccess } from '../lib/alerts';
import { api, apiErrorText } from '../lib/api-client';
import { type CancelSettings, lateCancelWarning } from '../lib/cancel-rules';
import { type QueryKey, useServerMutation } from '../lib/server-data';
import { FormError } from './form-field';
import { Modal } from './modal';

/** `guest` only when the customer has a +1 in the class: their choice for its place (the server's default takes it along). */
async function cancelReservation({ id, guest }: { id: number; guest: GuestOnCancel | null }): Promise<ClassReservation> {
  const query = guest === null ? '' : `?guest=${guest}`;
  return (await api.delete<{ class_reservation: ClassReservation }>(`/class_reservations/${id}${query}`)).class_reservation;
}

/**
 * 'Cancelar Clase' (customer-area §2, §4), from Mis Reservaciones and from the
 * calendar: confirms; inside the cancel window it warns that the credit is not
 * returned (§5). A refusal shows the server's message (§8), e.g. the cancel
 * limit or a class that already started. When the customer cancels their own
 * place and their +1 has one too, it asks what happens to the guest's place:
 * it goes too (the default) or stays (issue 25).
 */
export function CancelReservationModal({
  reservationId,
  classStart,
  className,
  dateText,
  settings,
  now,
  invalidates,
  guestName = null,
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
  /** The name of the customer's +1 with a place that can go along (only when cancelling their own place), else null. */
  guestName?: string | null;
  onClose: () => void;
}) {
  const [guestChoice, setGuestChoice] = useState<GuestOnCancel>('cancel');
  const choiceName = useId();
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
      {guestName !== null && (
        <fieldset className="modal__choice">
          <legend>{fill(m.guestQuestion, { guest: guestName })}</legend>
          {(['cancel', 'keep'] as const).map((choice) => (
            <label key={choice}>
              <input type="radio" name={choiceName} value={choice} checked={guestChoice === choice} onChange={() => setGuestChoice(choice)} />{' '}
              {choice === 'cancel' ? m.guestGoes : m.guestStays}
            </label>
          ))}
        </fieldset>
      )}
      <FormError message={cancel.error ? apiErrorText(cancel.error) : null} />
      <div className="modal__actions">
        <button
          type="button"
          className="button"
          disabled={cancel.isPending}
          aria-busy={cancel.isPending}
          onClick={() => cancel.mutate({ id: reservationId, guest: guestName === null ? null : guestChoice })}
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
