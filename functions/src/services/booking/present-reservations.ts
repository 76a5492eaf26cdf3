import type { ClassReservation } from '@studio/shared/schemas/class-reservation';
import type { ClassReservationDoc } from '../../data/repos/reservations-repo';
import { getSingleClass, type SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { StoreDeps } from '../../deps';
import { presentClasses } from '../schedule/present-classes';
import { checkInCode } from './check-in-code';
import { reservationStatus } from './rules';

/** Reservations as their owner sees them, each with its class joined (one read per distinct class, catalogue batched). */
export async function presentReservations(deps: StoreDeps, docs: readonly ClassReservationDoc[], tz: string): Promise<ClassReservation[]> {
  const classIds = [...new Set(docs.map((r) => r.single_class_id))];
  const classDocs = (await Promise.all(classIds.map((id) => getSingleClass(deps.store, id)))).filter((c): c is SingleClassDoc => c !== null);
  const presented = await presentClasses(deps, classDocs, tz);
  const classes = new Map(presented.map((c) => [c.single_class_id, c]));
  const dates = new Map(classDocs.map((c) => [c.single_class_id, c.class_date]));
  const now = deps.now();
  // The code the 'Código de Acceso' QR shows, for reservations that can still be checked in.
  const codes = new Map(
    await Promise.all(
      docs.filter((r) => r.deletedAt === null).map(async (r) => [r.class_reservation_id, await checkInCode(deps, r.class_reservation_id)] as const),
    ),
  );
  return docs.map((r) => ({
    class_reservation_id: r.class_reservation_id,
    single_class_id: r.single_class_id,
    customer_id: r.customer_id,
    spot: r.spot,
    guest: r.guest,
    is_cash: r.is_cash,
    is_paid: r.is_paid,
    attend: r.attend,
    class_stars: r.class_stars,
    coach_stars: r.coach_stars,
    comment: r.comment,
    available_class_id: r.available_class_id,
    deletedAt: r.deletedAt?.toISOString() ?? null,
    cancel_reason: r.cancel_reason,
    credit_returned: r.refund === null ? null : r.refund.kind !== 'not-refunded',
    createdAt: r.createdAt.toISOString(),
    status: reservationStatus(r, dates.get(r.single_class_id) ?? null, now),
    access_code: codes.get(r.class_reservation_id) ?? null,
    single_class: classes.get(r.single_class_id) ?? null,
  }));
}
