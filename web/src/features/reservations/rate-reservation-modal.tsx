import { fill, messages } from '@studio/shared/messages';
import { reservationsMessages as m } from '@studio/shared/messages/reservations';
import { type ClassReservation, RATING_COMMENT_MAX, RATING_MAX_STARS, RATING_MIN_STARS } from '@studio/shared/schemas/class-reservation';
import { useId, useState } from 'react';
import { FormError } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { showSuccess } from '../../lib/alerts';
import { apiErrorText } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { rateReservation, reservationsKeys } from './reservations-api';

const STARS = Array.from({ length: RATING_MAX_STARS - RATING_MIN_STARS + 1 }, (_, i) => RATING_MIN_STARS + i);

function StarPicker({ legend, value, onChange }: { legend: string; value: number | null; onChange: (stars: number) => void }) {
  const name = useId();
  return (
    <fieldset className="star-picker">
      <legend>{legend}</legend>
      <div className="star-picker__stars">
        {STARS.map((n) => (
          <label key={n} className={value !== null && n <= value ? 'star-picker__star is-on' : 'star-picker__star'}>
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="visually-hidden"
              aria-label={fill(m.starOption, { n })}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * 'Calificar Clase' (customer-area §5): class and coach stars, 1 to 5; the
 * optional comment and the buttons appear once the coach's stars are chosen.
 */
export function RateReservationModal({ reservation, heading, onClose }: { reservation: ClassReservation; heading: string; onClose: () => void }) {
  const [classStars, setClassStars] = useState<number | null>(null);
  const [coachStars, setCoachStars] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const commentId = useId();
  const rate = useServerMutation({
    mutationFn: rateReservation,
    meta: { alert: false, invalidates: [reservationsKeys.all] },
    onSuccess: () => {
      showSuccess(m.rated);
      onClose();
    },
  });
  return (
    <Modal title={m.rate} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (classStars === null || coachStars === null) return;
          rate.mutate({
            class_reservation_id: reservation.class_reservation_id,
            customer_id: reservation.customer_id,
            class_stars: classStars,
            coach_stars: coachStars,
            comment: comment.trim() || null,
          });
        }}
      >
        <p>{heading}</p>
        <StarPicker legend={m.classStars} value={classStars} onChange={setClassStars} />
        <StarPicker legend={m.coachStars} value={coachStars} onChange={setCoachStars} />
        {coachStars !== null && (
          <>
            <div className="form-field">
              <label htmlFor={commentId}>
                {m.comment} <span className="muted">{messages.common.optional}</span>
              </label>
              <textarea id={commentId} rows={3} maxLength={RATING_COMMENT_MAX} value={comment} onChange={(event) => setComment(event.target.value)} />
            </div>
            <FormError message={rate.error ? apiErrorText(rate.error) : null} />
            <div className="modal__actions">
              <button type="submit" className="button" disabled={classStars === null || rate.isPending} aria-busy={rate.isPending}>
                {m.submitRating}
              </button>
              <button type="button" className="button button--secondary" onClick={onClose}>
                {messages.common.cancel}
              </button>
            </div>
          </>
        )}
      </form>
    </Modal>
  );
}
