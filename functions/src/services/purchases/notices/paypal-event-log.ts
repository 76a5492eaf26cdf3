import type { PayPalEvent } from '../../../data/payments/paypal-gateway';
import { recordEvent } from '../../../data/repos/payment-events-repo';
import type { Transaction } from '../../../data/store/types';
import type { Deps } from '../../../deps';
import type { EventOutcome } from './card-event-log';

/** Whose events these are (payment_events/paypal~{event id}, payment_grants/paypal~{capture or sale id}). */
export const PAYPAL = 'paypal';

/** Records that a PayPal notice was acted on, in the transaction that acted (a redelivery then finds it). */
export function recordPayPal(deps: Deps, tx: Transaction, event: Exclude<PayPalEvent, { kind: 'ignored' }>, outcome: EventOutcome): void {
  recordEvent(deps.store, tx, { provider: PAYPAL, event_id: event.eventId, kind: event.kind, purchase_id: event.purchaseId, outcome, at: deps.now() });
}
