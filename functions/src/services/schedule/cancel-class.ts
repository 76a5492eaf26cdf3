import { fill } from '@studio/shared/messages';
import { scheduleMessages } from '@studio/shared/messages/schedule';
import type { CancellationSummary, SingleClass, SingleClassCancelInput } from '@studio/shared/schemas/single-class';
import { getCatalogueDocs } from '../../data/repos/catalogue-repo';
import { allocateSpreadIds } from '../../data/repos/counters-repo';
import { type AvailableClassDoc, getLots } from '../../data/repos/credits-repo';
import { createNotification, existingNotificationIds } from '../../data/repos/notifications-repo';
import { type ClassReservationDoc, listActiveReservationsOfClass, replaceReservation, type ReservationRefund } from '../../data/repos/reservations-repo';
import { getClassCounts, getSingleClass, replaceSingleClass, type SingleClassDoc, writeClassCounts } from '../../data/repos/single-classes-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps, StoreDeps } from '../../deps';
import { at } from '../../domain/at';
import { isExpired } from '../credits/balance';
import { expiryAfterDays, studioTimezone } from '../credits/expiry';
import { changeLot, grantLot, isUnlimited, type LedgerContext } from '../credits/ledger';
import { cancellationNotice, type CustomerOutcome } from './cancellation-notice';
import { classNotFound } from './get-class';
import { presentClasses } from './present-classes';

/**
 * Reservations handled per transaction. The worst case per reservation is 5
 * writes (the reservation; a replacement lot's grant and its +1, each a lot
 * write and a ledger entry) plus its customer's notification: 80 × 6 + the
 * class and a counter stays under Firestore's 500 writes per transaction.
 */
export const RESERVATIONS_PER_TRANSACTION = 80;
/** How long a credit returned in place of an expired lot stays usable (ADR 0054). */
export const REPLACEMENT_VALIDITY_DAYS = 14;

const emptySummary = (): CancellationSummary => ({
  reservations_cancelled: 0,
  credits_returned: 0,
  credits_replaced: 0,
  unlimited: 0,
  not_refunded: 0,
  customers_notified: 0,
});

const noticeId = (singleClassId: number, customerId: number) => `class-cancelled-${singleClassId}-${customerId}`;

/**
 * The next reservations to process, whole customers at a time (so each
 * customer's notification describes all of their reservations), in a stable
 * order. Only a customer holding more than a whole chunk is split.
 */
function pickChunk(active: ClassReservationDoc[]): ClassReservationDoc[] {
  const byCustomer = new Map<number, ClassReservationDoc[]>();
  const ordered = [...active].sort((a, b) => a.customer_id - b.customer_id || a.class_reservation_id - b.class_reservation_id);
  for (const r of ordered) byCustomer.set(r.customer_id, [...(byCustomer.get(r.customer_id) ?? []), r]);
  const chunk: ClassReservationDoc[] = [];
  for (const group of byCustomer.values()) {
    if (chunk.length + group.length > RESERVATIONS_PER_TRANSACTION) {
      if (chunk.length === 0) chunk.push(...group.slice(0, RESERVATIONS_PER_TRANSACTION));
      break;
    }
    chunk.push(...group);
  }
  return chunk;
}

function replacementLot(original: AvailableClassDoc, id: number, credits: number, now: Date, tz: string): AvailableClassDoc {
  return {
    ...original,
    available_class_id: id,
    available_classes: 0,
    initial_classes: credits,
    expiration_date: expiryAfterDays(now, REPLACEMENT_VALIDITY_DAYS, tz),
    status: 'active',
    cancels_used: 0,
    createdAt: now,
    updatedAt: now,
  };
}

interface ChunkResult {
  done: boolean;
  summary: CancellationSummary;
}

/** What one chunk's refunds share: the lots as last written, and the replacement lots granted so far. */
interface RefundState {
  deps: StoreDeps;
  tx: Transaction;
  tz: string;
  now: Date;
  context: LedgerContext;
  lots: Map<number, AvailableClassDoc>;
  /** Credits each expired lot hands to its replacement in this chunk (its initial_classes). */
  replacementCredits: Map<number, number>;
  newLotIds: number[];
  replacements: Map<number, AvailableClassDoc>;
}

/** Returns one reservation's credit according to the state of the lot that paid it (ADR 0054). */
function refundOne(state: RefundState, r: ClassReservationDoc): ReservationRefund {
  const { deps, tx, now, context } = state;
  const lot = r.available_class_id === null ? undefined : state.lots.get(r.available_class_id);
  if (r.available_class_id === null || !lot || lot.status === 'revoked') {
    const note = r.available_class_id === null ? 'cash' : lot ? 'lot-revoked' : 'lot-missing';
    return { kind: 'not-refunded', available_class_id: r.available_class_id, note, at: now };
  }
  if (isUnlimited(lot) || !isExpired(lot, now)) {
    state.lots.set(lot.available_class_id, changeLot(deps, tx, lot, 1, 'class-cancelled', context));
    return { kind: isUnlimited(lot) ? 'unlimited' : 'credit-returned', available_class_id: lot.available_class_id, note: null, at: now };
  }
  let replacement = state.replacements.get(lot.available_class_id);
  if (!replacement) {
    const fresh = replacementLot(
      lot,
      at(state.newLotIds, state.replacements.size),
      state.replacementCredits.get(lot.available_class_id) as number,
      now,
      state.tz,
    );
    replacement = grantLot(deps, tx, fresh, { ...context, reason: fill(scheduleMessages.replacementReason, { lot: lot.available_class_id }) });
  }
  replacement = changeLot(deps, tx, replacement, 1, 'class-cancelled', context);
  state.replacements.set(lot.available_class_id, replacement);
  return { kind: 'credit-replaced', available_class_id: replacement.available_class_id, note: null, at: now };
}

function tally(summary: CancellationSummary, outcome: CustomerOutcome, refund: ReservationRefund, replacement: AvailableClassDoc | undefined): void {
  summary.reservations_cancelled++;
  if (refund.kind === 'not-refunded') {
    outcome.notRefunded++;
    summary.not_refunded++;
  } else if (refund.kind === 'unlimited') {
    outcome.unlimited++;
    summary.unlimited++;
  } else {
    outcome.returned++;
    if (refund.kind === 'credit-returned') summary.credits_returned++;
    else summary.credits_replaced++;
  }
  const expiry = replacement?.expiration_date;
  if (refund.kind === 'credit-replaced' && expiry && (!outcome.replacementExpiry || expiry < outcome.replacementExpiry)) outcome.replacementExpiry = expiry;
}

/** A catalogue name, or null when the record is gone (or was stored without one). */
const nameOf = (doc: { name?: unknown } | undefined) => (typeof doc?.name === 'string' ? doc.name : null);

/**
 * One transaction: cancels the next chunk of the class's active reservations,
 * returns each one's credit through the ledger, marks each reservation with
 * its refund (the at-most-once marker: a reservation is only ever picked
 * while not cancelled, and it is cancelled in the transaction that refunds
 * it), notifies each customer once, and sets `booked` to what remains.
 */
async function cancelNextReservations(deps: StoreDeps, tx: Transaction, singleClassId: number, adminUid: string, tz: string): Promise<ChunkResult> {
  const summary = emptySummary();
  // Reads first (Firestore's rule): class, its active reservations, the lots that paid, existing notices, catalogue names.
  const cls = await getSingleClass(deps.store, singleClassId, tx);
  if (!cls) throw classNotFound();
  const counts = (await getClassCounts(deps.store, [singleClassId], tx)).get(singleClassId);
  const active = await listActiveReservationsOfClass(deps.store, singleClassId, tx);
  const chunk = pickChunk(active);
  const setBooked = (booked: number) => {
    if ((counts?.booked ?? 0) !== booked)
      writeClassCounts(deps.store, tx, { single_class_id: singleClassId, booked, held_for_waitlist: 0, updatedAt: deps.now() });
  };
  if (chunk.length === 0) {
    setBooked(0);
    return { done: true, summary };
  }
  const lotIds = [...new Set(chunk.flatMap((r) => (r.available_class_id === null ? [] : [r.available_class_id])))];
  const lots = await getLots(deps.store, lotIds, tx);
  const customers = [...new Map(chunk.map((r) => [r.customer_id, r.uid])).entries()];
  const noticed = await existingNotificationIds(
    deps.store,
    tx,
    customers.map(([customerId]) => noticeId(singleClassId, customerId)),
  );
  const [types, locations] = await Promise.all([
    getCatalogueDocs(deps.store, 'class_types', [cls.class_type_id], tx),
    getCatalogueDocs(deps.store, 'locations', [cls.location_id], tx),
  ]);
  const now = deps.now();
  const replacementCredits = new Map<number, number>();
  for (const r of chunk) {
    const lot = r.available_class_id === null ? undefined : lots.get(r.available_class_id);
    if (lot && lot.status === 'active' && !isUnlimited(lot) && isExpired(lot, now)) {
      replacementCredits.set(lot.available_class_id, (replacementCredits.get(lot.available_class_id) ?? 0) + 1);
    }
  }
  // The last read: it also claims the ids, so nothing may be read after it.
  const newLotIds = (await allocateSpreadIds(deps.store, tx, { available_classes: replacementCredits.size }, `class-${singleClassId}`)).available_classes;

  const state: RefundState = {
    deps,
    tx,
    tz,
    now,
    context: { actor: { uid: adminUid, role: 'admin' }, reason: cls.cancel_reason, reference: { type: 'single_class', id: singleClassId } },
    lots,
    replacementCredits,
    newLotIds,
    replacements: new Map(),
  };
  const outcomes = new Map<number, CustomerOutcome>(
    customers.map(([customerId]) => [customerId, { returned: 0, replacementExpiry: null, unlimited: 0, notRefunded: 0 }]),
  );
  for (const r of chunk) {
    const refund = refundOne(state, r);
    replaceReservation(deps.store, tx, { ...r, deletedAt: now, cancel_reason: 'class-cancelled', refund, updatedAt: now });
    const replacement = r.available_class_id === null ? undefined : state.replacements.get(r.available_class_id);
    tally(summary, outcomes.get(r.customer_id) as CustomerOutcome, refund, replacement);
  }

  const facts = {
    classTypeName: nameOf(types.get(cls.class_type_id)),
    locationName: nameOf(locations.get(cls.location_id)),
    classDate: cls.class_date,
    reason: cls.cancel_reason,
    tz,
  };
  for (const [customerId, uid] of customers) {
    const id = noticeId(singleClassId, customerId);
    if (noticed.has(id)) continue;
    const notice = cancellationNotice(facts, outcomes.get(customerId) as CustomerOutcome);
    createNotification(deps.store, tx, {
      notification_id: id,
      customer_id: customerId,
      uid,
      type: 'class-cancelled',
      title: notice.title,
      body: notice.body,
      read: false,
      reference: { type: 'single_class', id: singleClassId },
      createdAt: now,
    });
    summary.customers_notified++;
  }
  const remaining = active.length - chunk.length;
  setBooked(remaining);
  return { done: remaining === 0, summary };
}

function add(total: CancellationSummary, part: CancellationSummary): void {
  for (const key of Object.keys(total) as Array<keyof CancellationSummary>) total[key] += part[key];
}

/**
 * Cancels and refunds, chunk by chunk, whatever reservations a cancelled
 * class still has (nothing for a class that is not cancelled). Safe to run
 * again or at the same time as another run: a reservation is refunded in the
 * transaction that cancels it, and only active ones are picked. The API runs
 * it right after marking the class; the finishCancellation trigger runs it on
 * the class's change too, so a cancellation whose API call died (kill -9,
 * timeout) finishes by itself. The summary counts what this run did.
 */
export async function finishClassCancellation(deps: StoreDeps, singleClassId: number, tz: string): Promise<CancellationSummary> {
  const total = emptySummary();
  const cls = await getSingleClass(deps.store, singleClassId);
  if (!cls || cls.status !== 'cancelled') return total;
  const by = cls.cancelled_by ?? 'system';
  for (;;) {
    const chunk = await deps.store.runTransaction((tx) => cancelNextReservations(deps, tx, singleClassId, by, tz));
    add(total, chunk.summary);
    if (chunk.done) break;
  }
  return total;
}

/**
 * POST /single_class/{id}/cancel. First the class is marked cancelled (so no
 * one can book it any more) with the number of reservations it has to cancel,
 * then they are cancelled and refunded (finishClassCancellation). Calling it
 * again, or at the same time, is safe: it finishes whatever is left and never
 * refunds a reservation twice. The summary counts what this call did.
 */
export async function cancelClass(
  deps: Deps,
  adminUid: string,
  singleClassId: number,
  input: SingleClassCancelInput,
): Promise<{ single_class: SingleClass; cancellation: CancellationSummary }> {
  const tz = await studioTimezone(deps);
  await deps.store.runTransaction(async (tx) => {
    const cls = await getSingleClass(deps.store, singleClassId, tx);
    if (!cls) throw classNotFound();
    if (cls.status === 'cancelled') return;
    const active = await listActiveReservationsOfClass(deps.store, singleClassId, tx);
    const now = deps.now();
    const reason = input.reason?.trim() || null;
    const cancelled: SingleClassDoc = {
      ...cls,
      status: 'cancelled',
      cancelledAt: now,
      cancel_reason: reason,
      cancelled_by: adminUid,
      cancellation_total: active.length,
      updatedAt: now,
    };
    replaceSingleClass(deps.store, tx, cancelled);
  });
  const total = await finishClassCancellation(deps, singleClassId, tz);
  const doc = await getSingleClass(deps.store, singleClassId);
  const [dto] = await presentClasses(deps, [doc as SingleClassDoc], tz);
  return { single_class: dto as SingleClass, cancellation: total };
}
