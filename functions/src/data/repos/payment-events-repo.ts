import type { DocumentStore, Transaction } from '../store/types';
import { readDoc } from './read';

/**
 * payment_events/{provider}~{event id}: one per webhook event acted on,
 * written in the transaction that acted, so a redelivery finds it and does
 * nothing. payment_grants/{provider}~{payment id}: one per payment that
 * completed a purchase, so two different events about the same payment grant
 * once (docs/payments, "Exactly once").
 */
export interface PaymentEventDoc {
  provider: string;
  event_id: string;
  kind: string;
  purchase_id: number | null;
  outcome: string;
  at: Date;
}

export interface PaymentGrantDoc {
  provider: string;
  payment_id: string;
  purchase_id: number;
  at: Date;
}

const eventRef = (store: DocumentStore, provider: string, eventId: string) => store.doc(`payment_events/${provider}~${eventId}`);
const grantRef = (store: DocumentStore, provider: string, paymentId: string) => store.doc(`payment_grants/${provider}~${paymentId}`);

export async function wasEventHandled(store: DocumentStore, tx: Transaction, provider: string, eventId: string): Promise<boolean> {
  return (await readDoc(eventRef(store, provider, eventId), tx)).exists;
}

export function recordEvent(store: DocumentStore, tx: Transaction, event: PaymentEventDoc): void {
  tx.create(eventRef(store, event.provider, event.event_id), { ...event });
}

export async function wasPaymentGranted(store: DocumentStore, tx: Transaction, provider: string, paymentId: string): Promise<boolean> {
  return (await readDoc(grantRef(store, provider, paymentId), tx)).exists;
}

export function recordPaymentGrant(store: DocumentStore, tx: Transaction, grant: PaymentGrantDoc): void {
  tx.create(grantRef(store, grant.provider, grant.payment_id), { ...grant });
}
