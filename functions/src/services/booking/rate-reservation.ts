import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { bookingMessages } from '@studio/shared/messages/booking';
import { rateOpen } from '@studio/shared/rules/reservation-rules';
import type { ClassReservation, ClassReservationRatingInput } from '@studio/shared/schemas/class-reservation';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import { type ClassReservationDoc, getReservation, replaceReservation } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { presentReservations } from './present-reservations';
import { classEnd, reservationStatus } from './rules';

const b = bookingMessages;

const reservationNotFound = () => new AppError('not-found', 'booking/reservation-not-found', b.reservationNotFound);

/** reservation_rating_enabled (appconfig), stored value over the default. */
async function ratingEnabled(deps: Deps): Promise<boolean> {
  const stored = (await getStoredConfig(deps.store)).reservation_rating_enabled;
  return typeof stored === 'boolean' ? stored : appConfigDefinitions.reservation_rating_enabled.default;
}

/**
 * PUT /class_reservations: the owner rates a reservation (spec §4): only
 * while reservation_rating_enabled, only when its display status is
 * 'Exitosa' (attended, paid, not cancelled), only once the class has
 * ended (rateOpen, shared with the web), and only once. Read and written
 * in one transaction, so two ratings sent at once store one and the other
 * gets 409. Another customer's reservation (or a customer_id that is not the
 * caller's) answers 404, like one that does not exist.
 */
export async function rateReservation(deps: Deps, identity: VerifiedIdentity, input: ClassReservationRatingInput): Promise<ClassReservation> {
  const [enabled, tz] = await Promise.all([ratingEnabled(deps), studioTimezone(deps)]);
  const id = input.class_reservation_id;
  const rated = await deps.store.runTransaction(async (tx): Promise<ClassReservationDoc> => {
    const r = await getReservation(deps.store, id, tx);
    if (!r || r.uid !== identity.uid) throw reservationNotFound();
    if (input.customer_id !== undefined && input.customer_id !== null && input.customer_id !== r.customer_id) throw reservationNotFound();
    if (!enabled) throw new AppError('conflict', 'booking/rating-disabled', b.ratingDisabled);
    const cls = await getSingleClass(deps.store, r.single_class_id, tx);
    const now = deps.now();
    const status = reservationStatus(r, cls?.class_date ?? null, now);
    if (status === b.status.cancelled) throw new AppError('conflict', 'booking/reservation-cancelled', b.ratingCancelled);
    if (status === b.status.cashUnpaid) throw new AppError('conflict', 'booking/not-rateable', b.ratingUnpaid);
    if (status !== b.status.attended) throw new AppError('conflict', 'booking/not-rateable', b.ratingNotAttended);
    if (!rateOpen({ attended: r.attend, classEnd: cls ? classEnd(cls).getTime() : null }, now.getTime())) {
      throw new AppError('conflict', 'booking/class-not-ended', b.ratingBeforeEnd);
    }
    if (r.class_stars !== null) throw new AppError('conflict', 'booking/already-rated', b.alreadyRated);
    const comment = input.comment?.trim() ?? '';
    const next: ClassReservationDoc = {
      ...r,
      class_stars: input.class_stars,
      coach_stars: input.coach_stars,
      comment: comment === '' ? null : comment,
      updatedAt: now,
    };
    replaceReservation(deps.store, tx, next);
    return next;
  });
  const [dto] = await presentReservations(deps, [rated], tz);
  return dto as ClassReservation;
}
