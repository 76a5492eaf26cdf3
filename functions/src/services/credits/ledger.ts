import { messages } from '@studio/shared/messages';
import { appendLedgerEntry, writeLot, type AvailableClassDoc, type LedgerActor, type LedgerKind } from '../../data/repos/credits-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';

export const UNLIMITED = -1;

export interface LedgerContext {
  actor: LedgerActor;
  reason?: string | null;
  reference?: { type: string; id: number | string } | null;
}

/**
 * The only ways credits change. Each writes the lot and its ledger entry in the
 * caller's transaction, so for every finite lot the sum of its ledger deltas is
 * its count — a balance can always be explained and never drifts. Callers read
 * the lot inside the same transaction before calling (Firestore: reads first).
 */
export function grantLot(deps: Deps, tx: Transaction, lot: AvailableClassDoc, context: LedgerContext): AvailableClassDoc {
  const unlimited = lot.available_classes === UNLIMITED;
  writeLot(deps.store, tx, lot);
  appendLedgerEntry(deps.store, tx, {
    customer_id: lot.customer_id,
    uid: lot.uid,
    available_class_id: lot.available_class_id,
    purchase_id: lot.purchase_id,
    kind: 'grant',
    delta: unlimited ? 0 : lot.available_classes,
    balance_after: lot.available_classes,
    unlimited,
    actor: context.actor,
    reason: context.reason ?? null,
    reference: context.reference ?? null,
    createdAt: deps.now(),
  });
  return lot;
}

/**
 * Adds `delta` (negative to spend or remove) to a finite lot. Refuses to go
 * below zero and refuses revoked lots. Unlimited lots never change count.
 */
export function changeLot(deps: Deps, tx: Transaction, lot: AvailableClassDoc, delta: number, kind: LedgerKind, context: LedgerContext): AvailableClassDoc {
  if (!Number.isInteger(delta)) throw new Error(`Credit changes are whole numbers (got ${delta})`);
  if (lot.status === 'revoked') throw new AppError('precondition', 'credits/revoked', messages.access.lotRevoked);
  const unlimited = lot.available_classes === UNLIMITED;
  if (!unlimited && lot.available_classes + delta < 0) {
    throw new AppError('precondition', 'credits/insufficient', messages.access.insufficientCredits);
  }
  const updated: AvailableClassDoc = { ...lot, available_classes: unlimited ? UNLIMITED : lot.available_classes + delta, updatedAt: deps.now() };
  writeLot(deps.store, tx, updated);
  appendLedgerEntry(deps.store, tx, {
    customer_id: lot.customer_id,
    uid: lot.uid,
    available_class_id: lot.available_class_id,
    purchase_id: lot.purchase_id,
    kind,
    delta: unlimited ? 0 : delta,
    balance_after: updated.available_classes,
    unlimited,
    actor: context.actor,
    reason: context.reason ?? null,
    reference: context.reference ?? null,
    createdAt: deps.now(),
  });
  return updated;
}

/** Ends a lot: what was left is written off in the ledger and the lot can no longer be used. */
export function revokeLot(deps: Deps, tx: Transaction, lot: AvailableClassDoc, context: LedgerContext): AvailableClassDoc {
  if (lot.status === 'revoked') return lot;
  const unlimited = lot.available_classes === UNLIMITED;
  const updated: AvailableClassDoc = { ...lot, available_classes: unlimited ? UNLIMITED : 0, status: 'revoked', updatedAt: deps.now() };
  writeLot(deps.store, tx, updated);
  appendLedgerEntry(deps.store, tx, {
    customer_id: lot.customer_id,
    uid: lot.uid,
    available_class_id: lot.available_class_id,
    purchase_id: lot.purchase_id,
    kind: 'revoke',
    delta: unlimited ? 0 : -lot.available_classes,
    balance_after: updated.available_classes,
    unlimited,
    actor: context.actor,
    reason: context.reason ?? null,
    reference: context.reference ?? null,
    createdAt: deps.now(),
  });
  return updated;
}
