import type { CardEvent } from '../../../data/payments/card-gateway';
import { recordEvent } from '../../../data/repos/payment-events-repo';
import type { Transaction } from '../../../data/store/types';
import type { Deps } from '../../../deps';

/** Whose events these are (payment_events/{provider}~{event id}, payment_grants/{provider}~{payment id}). */
export const PROVIDER = 'stripe';

export type EventOutcome =
  | 'granted'
  | 'duplicate'
  | 'already-paid'
  | 'refunded'
  | 'recorded'
  | 'ended'
  | 'unknown-purchase'
  | 'ignored'
  /** Money went back at the processor (a dashboard refund, a lost dispute) and the purchase now says so. */
  | 'refund-applied';

/** Records that an event was acted on, in the transaction that acted (a redelivery then finds it). */
export function record(deps: Deps, tx: Transaction, event: Exclude<CardEvent, { kind: 'ignored' }>, outcome: EventOutcome): void {
  const purchaseId = event.purchaseId;
  recordEvent(deps.store, tx, { provider: PROVIDER, event_id: event.eventId, kind: event.kind, purchase_id: purchaseId, outcome, at: deps.now() });
}
