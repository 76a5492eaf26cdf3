/**
 * The card processor as services see it (Stripe behind it: stripe-gateway.ts).
 * No provider type crosses this line: services speak purchases, cents and
 * these events, so a fake in tests and the local fake server both fit.
 * Card numbers never reach us: the browser hands them to the processor
 * (Stripe Elements) and we only ever see ids.
 */
export interface CardPaymentRequest {
  purchaseId: number;
  /** Whole cents of MXN, > 0. */
  amountCents: number;
  description: string;
  /** The processor's customer (created once per studio customer). */
  processorCustomerId: string;
  /** The same key returns the same payment: a retried attempt never charges twice. */
  idempotencyKey: string;
}

export interface CardPayment {
  id: string;
  clientSecret: string;
  status: string;
}

export interface ProcessorCustomerRequest {
  customerId: number;
  email: string;
  name: string;
}

/** A webhook event, verified and translated (data/payments/stripe-events.ts). */
export type CardEvent =
  | { kind: 'payment-succeeded'; eventId: string; paymentId: string; purchaseId: number | null; amountCents: number }
  | { kind: 'payment-failed'; eventId: string; paymentId: string; purchaseId: number | null; code: string | null; declineCode: string | null }
  | { kind: 'payment-canceled'; eventId: string; paymentId: string; purchaseId: number | null }
  | { kind: 'ignored'; eventId: string; type: string };

export interface CardGateway {
  createCustomer(request: ProcessorCustomerRequest): Promise<string>;
  createPayment(request: CardPaymentRequest): Promise<CardPayment>;
  refundPayment(paymentId: string, idempotencyKey: string): Promise<void>;
  /** Verifies the signature over the raw body and translates the event; throws InvalidSignatureError otherwise. */
  readEvent(rawBody: Buffer, signature: string): CardEvent;
}

export class InvalidSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSignatureError';
  }
}
