import { penaltiesMessages } from '@studio/shared/messages/penalties';
import {
  type ClassReservationPenalty,
  type ClassReservationPenaltyPage,
  PENALTIES_PAGE_SIZE,
  type PenaltiesQuery,
  type PenaltyCreateInput,
  type PenaltyUpdateInput,
} from '@studio/shared/schemas/class-reservation-penalty';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getCustomerById, getCustomerByUid } from '../../data/repos/customers-repo';
import { findFreeNumber, takeNumber } from '../../data/repos/number-claims';
import {
  type ClassReservationPenaltyDoc,
  createPenalty,
  getPenalty,
  listAllPenalties,
  listPenaltiesOfCustomer,
  replacePenalty,
} from '../../data/repos/penalties-repo';
import type { Deps } from '../../deps';
import { AppError, invalidFields } from '../../domain/errors';
import { endOfStudioDay, studioTimezone } from '../credits/expiry';
import { newPenalty } from './new-penalty';
import { isActive, penaltyNumbers } from './penalties';

const p = penaltiesMessages;
const notFound = () => new AppError('not-found', 'penalty/not-found', p.notFound);

export function presentPenalty(doc: ClassReservationPenaltyDoc, now: Date): ClassReservationPenalty {
  return {
    class_reservation_penalty_id: doc.class_reservation_penalty_id,
    customer_id: doc.customer_id,
    source: doc.source,
    reservation_ids: doc.reservation_ids,
    start_date: doc.start_date.toISOString(),
    end_date: doc.end_date.toISOString(),
    active: isActive(doc, now),
    reason: doc.reason,
    lifted_at: doc.lifted_at?.toISOString() ?? null,
    lifted_by: doc.lifted_by,
    lift_reason: doc.lift_reason,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/**
 * GET /class_reservation_penaltys?page&customer_id: a customer gets their own
 * (customer_id is ignored for them); an admin gets that customer's, or every
 * penalty without it. Newest first, 50 a page.
 */
export async function listPenalties(deps: Deps, identity: VerifiedIdentity, query: PenaltiesQuery): Promise<ClassReservationPenaltyPage> {
  const page = query.page ?? 1;
  let docs: ClassReservationPenaltyDoc[];
  if (identity.admin) {
    docs = query.customer_id === undefined ? await listAllPenalties(deps.store) : await listPenaltiesOfCustomer(deps.store, query.customer_id);
  } else {
    const customer = await getCustomerByUid(deps.store, identity.uid);
    docs = customer ? await listPenaltiesOfCustomer(deps.store, customer.customer_id) : [];
  }
  docs.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.class_reservation_penalty_id - a.class_reservation_penalty_id);
  const now = deps.now();
  return {
    total: docs.length,
    page,
    page_size: PENALTIES_PAGE_SIZE,
    class_reservation_penaltys: docs.slice((page - 1) * PENALTIES_PAGE_SIZE, page * PENALTIES_PAGE_SIZE).map((d) => presentPenalty(d, now)),
  };
}

/** GET /class_reservation_penaltys/{id}: the owner's or, for an admin, any; someone else's is 404 (ids reveal nothing). */
export async function getOnePenalty(deps: Deps, identity: VerifiedIdentity, id: number): Promise<ClassReservationPenalty> {
  const doc = await getPenalty(deps.store, id);
  if (!doc || (!identity.admin && doc.uid !== identity.uid)) throw notFound();
  return presentPenalty(doc, deps.now());
}

/** POST /class_reservation_penaltys (admin): from now until the end of the studio day `end_date`. */
export async function issuePenaltyByHand(deps: Deps, adminUid: string, input: PenaltyCreateInput): Promise<ClassReservationPenalty> {
  const tz = await studioTimezone(deps);
  const end = endOfStudioDay(input.end_date, tz);
  const doc = await deps.store.runTransaction(async (tx) => {
    const customer = await getCustomerById(deps.store, input.customer_id, tx);
    if (!customer) throw invalidFields({ customer_id: p.customerNotFound });
    const now = deps.now();
    if (end.getTime() <= now.getTime()) throw invalidFields({ end_date: p.endDateInPast });
    const id = await findFreeNumber(deps.store, tx, penaltyNumbers, `admin:${customer.customer_id}:${now.getTime()}`);
    if (id === null) throw new Error('The penalty number space has no limit; a free number always exists.');
    const penalty = newPenalty(
      {
        class_reservation_penalty_id: id,
        customer_id: customer.customer_id,
        uid: customer.uid,
        source: 'admin',
        reservation_ids: [],
        streak_key: null,
        end_date: end,
        reason: input.reason ?? null,
        issued_by: adminUid,
      },
      now,
    );
    takeNumber(deps.store, tx, penaltyNumbers, id, { customer_id: customer.customer_id });
    createPenalty(deps.store, tx, penalty);
    return penalty;
  });
  return presentPenalty(doc, deps.now());
}

/**
 * PUT /class_reservation_penaltys (admin): a new end (the end of that studio
 * day, still ahead) and/or lift it. Lifting is for
 * good: a lifted penalty answers as it is to another lift and refuses a new
 * end (409). Its no-shows stay spent (they do not count toward a new streak).
 */
export async function updatePenalty(deps: Deps, adminUid: string, input: PenaltyUpdateInput): Promise<ClassReservationPenalty> {
  if (input.end_date === undefined && input.lifted === undefined) throw invalidFields({ _: p.nothingToChange });
  const tz = await studioTimezone(deps);
  const doc = await deps.store.runTransaction(async (tx) => {
    const current = await getPenalty(deps.store, input.class_reservation_penalty_id, tx);
    if (!current) throw notFound();
    const now = deps.now();
    if (current.lifted_at !== null) {
      if (input.end_date === undefined) return current;
      throw new AppError('conflict', 'penalty/lifted', p.alreadyLifted);
    }
    let next: ClassReservationPenaltyDoc = { ...current, updatedAt: now };
    if (input.end_date !== undefined) {
      const end = endOfStudioDay(input.end_date, tz);
      // Ending it early is lifting (which records who and why), not a date in the past.
      if (end.getTime() <= now.getTime()) throw invalidFields({ end_date: p.endDateInPast });
      next = { ...next, end_date: end };
    }
    if (input.lifted) next = { ...next, lifted_at: now, lifted_by: adminUid, lift_reason: input.lift_reason ?? null, lift_kind: 'admin' };
    replacePenalty(deps.store, tx, next);
    return next;
  });
  return presentPenalty(doc, deps.now());
}
