import { accessMessages } from '@studio/shared/messages/access';
import {
  appendLedgerEntry,
  type AvailableClassDoc,
  createLot,
  type LedgerActor,
  type LedgerEntryDoc,
  type LedgerKind,
  writeLot,
} from '../../data/repos/credits-repo';
import type { Transaction } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { AppError } from '../../domain/errors';

export const UNLIMITED = -1;

export interface LedgerContext {
  actor: LedgerActor;
  reason?: string | null;
  reference?: { type: string; id: number | string } | null;
}

export const isUnlimited = (lot: Pick<AvailableClassDoc, 'available_classes'>) => lot.available_classes === UNLIMITED;

/**
 * The entry that records `lot` becoming `after` (pure; the seed uses it too, so
 * demo data keeps the same invariant). Unlimited lots have no count to change:
 * their entries carry delta 0 and are kept for the history.
 */
export function ledgerEntryFor(before: AvailableClassDoc | null, after: AvailableClassDoc, kind: LedgerKind, context: LedgerContext, at: Date): LedgerEntryDoc {
  const unlimited = isUnlimited(after);
  return {
    customer_id: after.customer_id,
    uid: after.uid,
    available_class_id: after.available_class_id,
    purchase_id: after.purchase_id,
    kind,
    delta: unlimited ? 0 : after.available_classes - (before?.available_classes ?? 0),
    balance_after: after.available_classes,
    unlimited,
    actor: context.actor,
    reason: context.reason ?? null,
    reference: context.reference ?? null,
    createdAt: at,
  };
}

/**
 * The only ways credits change. Each writes the lot and its ledger entry in the
 * caller's transaction, so for every finite lot the sum of its ledger deltas is
 * its count — a balance can always be explained and never drifts. Callers read
 * the lot inside the same transaction before calling (Firestore: reads first)
 * and pass what they read; each function returns the lot as written.
 */
export function grantLot(deps: StoreDeps, tx: Transaction, lot: AvailableClassDoc, context: LedgerContext): AvailableClassDoc {
  if (!isUnlimited(lot) && (!Number.isInteger(lot.available_classes) || lot.available_classes < 0)) {
    throw new Error(`A lot starts with a whole, non-negative count or -1 (got ${lot.available_classes})`);
  }
  createLot(deps.store, tx, lot);
  appendLedgerEntry(deps.store, tx, ledgerEntryFor(null, lot, 'grant', context, deps.now()));
  return lot;
}

/**
 * Adds `delta` (negative to spend or remove) to a finite lot. Refuses to go
 * below zero and refuses revoked lots (a refund for a revoked lot has nowhere
 * to go: the revoke already wrote the remainder off). Unlimited lots never
 * change count, but the entry is still written. Other fields of `lot` (an
 * admin's new expiry) are written as given.
 */
export function changeLot(
  deps: StoreDeps,
  tx: Transaction,
  lot: AvailableClassDoc,
  delta: number,
  kind: LedgerKind,
  context: LedgerContext,
): AvailableClassDoc {
  if (!Number.isInteger(delta)) throw new Error(`Credit changes are whole numbers (got ${delta})`);
  if (kind === 'grant' || kind === 'revoke') throw new Error(`Use ${kind}Lot for '${kind}' entries`);
  if (lot.status === 'revoked') throw new AppError('precondition', 'credits/revoked', accessMessages.lotRevoked);
  const unlimited = isUnlimited(lot);
  if (!unlimited && lot.available_classes + delta < 0) {
    throw new AppError('precondition', 'credits/insufficient', accessMessages.insufficientCredits);
  }
  const updated: AvailableClassDoc = { ...lot, available_classes: unlimited ? UNLIMITED : lot.available_classes + delta, updatedAt: deps.now() };
  writeLot(deps.store, tx, updated);
  appendLedgerEntry(deps.store, tx, ledgerEntryFor(lot, updated, kind, context, deps.now()));
  return updated;
}

/**
 * The cash for a lot granted before payment arrived: the lot stops saying it
 * awaits payment. Its count is unchanged, so there is no ledger entry.
 */
export function settleLot(deps: StoreDeps, tx: Transaction, lot: AvailableClassDoc): AvailableClassDoc {
  if (!lot.awaiting_payment) return lot;
  const updated: AvailableClassDoc = { ...lot, awaiting_payment: false, updatedAt: deps.now() };
  writeLot(deps.store, tx, updated);
  return updated;
}

/** Ends a lot: what was left is written off in the ledger and the lot can no longer be used. Revoking a revoked lot writes nothing. */
export function revokeLot(deps: StoreDeps, tx: Transaction, lot: AvailableClassDoc, context: LedgerContext): AvailableClassDoc {
  if (lot.status === 'revoked') return lot;
  const updated: AvailableClassDoc = { ...lot, available_classes: isUnlimited(lot) ? UNLIMITED : 0, status: 'revoked', updatedAt: deps.now() };
  writeLot(deps.store, tx, updated);
  appendLedgerEntry(deps.store, tx, ledgerEntryFor(lot, updated, 'revoke', context, deps.now()));
  return updated;
}
