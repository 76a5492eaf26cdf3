import { bookingMessages } from '@studio/shared/messages/booking';
import type { ClassRoster, RosterCustomer, RosterReservation } from '@studio/shared/schemas/class-roster';
import { type CustomerDoc, getCustomerById, getCustomerByUid } from '../../data/repos/customers-repo';
import { type ClassReservationDoc, listReservationsOfClass } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import { listLine, listWaitingOfClass } from '../../data/repos/waitlists-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { reservationStatus } from './rules';

const classNotFound = () => new AppError('not-found', 'booking/class-not-found', bookingMessages.classNotFound);

/** The photo's src as stored: private uploads are read by the desk with the staff's token (docs/files, "Who sees what"). */
const rosterCustomer = (c: CustomerDoc | null): RosterCustomer | null =>
  c === null
    ? null
    : {
        customer_id: c.customer_id,
        name: c.name ?? null,
        last_name: c.last_name ?? null,
        email: c.email ?? null,
        phone: c.phone ?? null,
        photo_src: c.file?.src ?? null,
      };

/** Customers by uid, one document read each (a roster has at most a few hundred). */
async function customersByUid(deps: Pick<Deps, 'store'>, uids: readonly string[]): Promise<Map<string, CustomerDoc>> {
  const unique = [...new Set(uids)];
  const found = await Promise.all(unique.map((uid) => getCustomerByUid(deps.store, uid)));
  const byUid = new Map<string, CustomerDoc>();
  found.forEach((c, i) => {
    if (c) byUid.set(unique[i] as string, c);
  });
  return byUid;
}

/** Reservations as the admin sees them, their customers joined. */
export async function presentRoster(
  deps: Pick<Deps, 'store'>,
  docs: readonly ClassReservationDoc[],
  classDate: Date | null,
  now: Date,
): Promise<RosterReservation[]> {
  const customers = await customersByUid(
    deps,
    docs.map((r) => r.uid),
  );
  return docs.map((r) => ({
    class_reservation_id: r.class_reservation_id,
    single_class_id: r.single_class_id,
    customer_id: r.customer_id,
    customer: rosterCustomer(customers.get(r.uid) ?? null),
    status: reservationStatus(r, classDate, now),
    guest: r.guest,
    spot: r.spot,
    attend: r.attend,
    is_cash: r.is_cash,
    is_paid: r.is_paid,
    available_class_id: r.available_class_id,
    source: r.source ?? 'customer',
    deletedAt: r.deletedAt?.toISOString() ?? null,
    cancel_reason: r.cancel_reason,
    createdAt: r.createdAt.toISOString(),
    custom_values: r.custom_values ?? {},
  }));
}

/**
 * GET /single_class/{id}/roster (admin): every reservation of the class,
 * active ones first by spot, then the cancelled ones; and the people still
 * in its line, in line order (position 1 = next).
 */
export async function getRoster(deps: Deps, singleClassId: number): Promise<ClassRoster> {
  const cls = await getSingleClass(deps.store, singleClassId);
  if (!cls) throw classNotFound();
  const [docs, line, entries] = await Promise.all([
    listReservationsOfClass(deps.store, singleClassId),
    listLine(deps.store, singleClassId),
    listWaitingOfClass(deps.store, singleClassId),
  ]);
  const order = (r: ClassReservationDoc) => [r.deletedAt === null ? 0 : 1, r.spot ?? Number.MAX_SAFE_INTEGER, r.class_reservation_id] as const;
  docs.sort((a, b) => {
    const [x, y] = [order(a), order(b)];
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
  });
  const uidOf = new Map(entries.map((e) => [e.customer_id, e.uid]));
  const waiting = await Promise.all(
    line.map(async (w) => {
      const uid = uidOf.get(w.customer_id);
      return uid === undefined ? getCustomerById(deps.store, w.customer_id) : getCustomerByUid(deps.store, uid);
    }),
  );
  return {
    single_class_id: singleClassId,
    reservations: await presentRoster(deps, docs, cls.class_date, deps.now()),
    waitlist: line.map((w, i) => ({
      waitlist_id: w.waitlist_id,
      position: i + 1,
      joinedAt: w.joinedAt.toISOString(),
      customer_id: w.customer_id,
      customer: rosterCustomer(waiting[i] ?? null),
    })),
  };
}
