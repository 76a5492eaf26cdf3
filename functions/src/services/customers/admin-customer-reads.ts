import type { ClassReservation } from '@studio/shared/schemas/class-reservation';
import type { Waitlist } from '@studio/shared/schemas/waitlist';
import type { Purchase } from '@studio/shared/types/purchases';
import { getCustomerById } from '../../data/repos/customers-repo';
import { listPurchasesOfCustomer } from '../../data/repos/purchases-repo';
import { listReservationsOfCustomer } from '../../data/repos/reservations-repo';
import { listWaitingOfCustomer } from '../../data/repos/waitlists-repo';
import type { Deps } from '../../deps';
import { toPurchaseDto } from '../access/dto';
import { customerNotFound } from '../access/give-access';
import { presentReservations } from '../booking/present-reservations';
import { studioTimezone } from '../credits/expiry';
import { presentWaitlists } from '../waitlist/present-waitlists';

/** An unknown id is a 404, not an empty list, so the console can tell a typo from a customer with nothing yet. */
async function requireCustomer(deps: Deps, customerId: number): Promise<void> {
  if (!(await getCustomerById(deps.store, customerId))) throw customerNotFound();
}

/** GET /customer/admin/{id}/purchases: every purchase of any status (sales and grants), newest first. */
export async function listCustomerPurchasesForAdmin(deps: Deps, customerId: number): Promise<Purchase[]> {
  await requireCustomer(deps, customerId);
  const docs = await listPurchasesOfCustomer(deps.store, customerId);
  docs.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.purchase_id - a.purchase_id);
  return docs.map((doc) => toPurchaseDto(doc, deps.now()));
}

/**
 * GET /customer/admin/{id}/reservations: every reservation, the upcoming ones
 * first (soonest first), then the rest (latest class first), as the desk
 * asks "what is next for this person" before "what happened".
 */
export async function listCustomerReservationsForAdmin(deps: Deps, customerId: number): Promise<ClassReservation[]> {
  await requireCustomer(deps, customerId);
  const [docs, tz] = await Promise.all([listReservationsOfCustomer(deps.store, customerId), studioTimezone(deps)]);
  const presented = await presentReservations(deps, docs, tz);
  const now = deps.now().getTime();
  const when = (r: ClassReservation) => (r.single_class ? Date.parse(r.single_class.class_date) : 0);
  const upcoming = (r: ClassReservation) => r.deletedAt === null && when(r) > now;
  return presented.sort((a, b) => {
    const ua = upcoming(a);
    const ub = upcoming(b);
    if (ua !== ub) return ua ? -1 : 1;
    return (ua ? when(a) - when(b) : when(b) - when(a)) || a.class_reservation_id - b.class_reservation_id;
  });
}

/** GET /customer/admin/{id}/waitlists: the entries still waiting, soonest class first, with their live position. */
export async function listCustomerWaitlistsForAdmin(deps: Deps, customerId: number): Promise<Waitlist[]> {
  await requireCustomer(deps, customerId);
  const [waiting, tz] = await Promise.all([listWaitingOfCustomer(deps.store, customerId), studioTimezone(deps)]);
  waiting.sort((a, b) => a.class_date.getTime() - b.class_date.getTime() || a.waitlist_id - b.waitlist_id);
  return presentWaitlists(deps, waiting, tz);
}
