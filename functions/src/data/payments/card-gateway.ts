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
  /** Keep the card for later charges (a subscription's renewals): Stripe's setup_future_usage 'off_session'. */
  saveCard: boolean;
  /** A card, or an OXXO voucher paid in cash at a store (Mexico), which Stripe reports paid days later. */
  method: 'card' | 'oxxo';
  /** A saved card to charge now (confirmed by the server; 3-D Secure may still send the browser a challenge). */
  savedCardId?: string | undefined;
}

/** Days an OXXO voucher can be paid (Stripe counts to the end of the last day, Mexico City time). */
export const OXXO_VOUCHER_DAYS = 3;
/** What Stripe accepts for one OXXO voucher, in MXN. */
export const OXXO_LIMITS = { min: 10, max: 10_000 } as const;

/** A card kept at the processor for a customer (never its number: brand, last four, expiry). */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The processor's customer it belongs to, or null. */
  customerId: string | null;
}

/** The processor refused a charge; `code`/`declineCode` are Stripe's (card_declined + insufficient_funds, expired_card, …). */
export class CardDeclinedError extends Error {
  readonly code: string | null;
  readonly declineCode: string | null;
  constructor(code: string | null, declineCode: string | null, message: string) {
    super(message);
    this.name = 'CardDeclinedError';
    this.code = code;
    this.declineCode = declineCode;
  }
}

/**
 * The processor will not keep this card for this customer: it belongs to
 * another customer, was used once without being kept, or does not exist. The
 * customer's own mistake (a 4xx), never the processor being down.
 */
export class CardUnusableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CardUnusableError';
  }
}

/** A subscription at the processor that bills the renewals of a purchase whose first period was already paid. */
export interface RenewalsRequest {
  purchaseId: number;
  processorCustomerId: string;
  /** The card the first payment used (kept by saveCard). */
  paymentMethodId: string;
  /** Each renewal, in whole cents. */
  amountCents: number;
  period: 'day' | 'month' | 'year';
  interval: number;
  /** When the first renewal is charged: the end of the period already paid. */
  firstRenewalAt: Date;
  description: string;
  idempotencyKey: string;
}

export interface CardPayment {
  id: string;
  clientSecret: string;
  status: string;
}

/**
 * What the processor says now of a payment (PaymentIntent) or a kept card
 * (SetupIntent) we created: read by the reconciling job, and before a new
 * attempt to settle a refused one (end-declined-purchase.ts).
 */
export interface PaymentLookup {
  kind: 'payment' | 'setup';
  /** The processor's status: 'succeeded' is the only one the job acts on. */
  status: string;
  /** Its last try was refused (declined, failed 3-D Secure). */
  declined: boolean;
  /** Received (a payment); 0 for a setup. */
  amountCents: number;
  paymentMethodId: string | null;
  purchaseId: number | null;
}

export interface ProcessorCustomerRequest {
  customerId: number;
  email: string;
  name: string;
}

/** A webhook event, verified and translated (data/payments/stripe-events.ts). */
export type CardEvent =
  | { kind: 'payment-succeeded'; eventId: string; paymentId: string; purchaseId: number | null; amountCents: number; paymentMethodId: string | null }
  | { kind: 'payment-failed'; eventId: string; paymentId: string; purchaseId: number | null; code: string | null; declineCode: string | null }
  | { kind: 'payment-canceled'; eventId: string; paymentId: string; purchaseId: number | null }
  /** An OXXO voucher was issued (payment_intent.requires_action with oxxo_display_details). */
  | {
      kind: 'voucher-issued';
      eventId: string;
      paymentId: string;
      purchaseId: number | null;
      reference: string;
      expiresAt: Date | null;
      voucherUrl: string | null;
    }
  | { kind: 'card-saved'; eventId: string; setupId: string; purchaseId: number | null; paymentMethodId: string | null }
  | { kind: 'renewal-paid'; eventId: string; invoiceId: string; subscriptionId: string; purchaseId: number | null; amountCents: number }
  | { kind: 'renewal-failed'; eventId: string; invoiceId: string; subscriptionId: string; purchaseId: number | null; amountCents: number }
  | { kind: 'subscription-ended'; eventId: string; subscriptionId: string; purchaseId: number | null }
  /** A payment was refunded, by us or in the processor's dashboard: refundedCents is the payment's running total refunded. */
  | { kind: 'charge-refunded'; eventId: string; paymentId: string; purchaseId: number | null; amountCents: number; refundedCents: number }
  /** A chargeback: opened, or decided (won: the money stays; lost: it went back to the buyer). */
  | {
      kind: 'dispute-opened' | 'dispute-closed';
      eventId: string;
      disputeId: string;
      paymentId: string;
      purchaseId: number | null;
      amountCents: number;
      status: 'open' | 'won' | 'lost';
    }
  | { kind: 'ignored'; eventId: string; type: string };

export interface CardGateway {
  createCustomer(request: ProcessorCustomerRequest): Promise<string>;
  createPayment(request: CardPaymentRequest): Promise<CardPayment>;
  /**
   * Refunds a payment: a PaymentIntent, or a renewal's invoice (its payment).
   * Without amountCents, all that is left; the same key is the same refund.
   */
  refundPayment(paymentId: string, idempotencyKey: string, amountCents?: number): Promise<void>;
  /** Starts billing renewals; returns the processor's subscription id (the same for the same idempotency key). */
  startRenewals(request: RenewalsRequest): Promise<string>;
  /** A Stripe-hosted payment page for a one-off purchase (stripe_checkout_mode 'session'); its PaymentIntent carries the purchase. */
  createCheckoutSession(request: {
    purchaseId: number;
    amountCents: number;
    description: string;
    processorCustomerId: string;
    successUrl: string;
    cancelUrl: string;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }>;
  /**
   * A SetupIntent that keeps a card for later charges (a free trial's first charge), keyed like payments. With
   * `savedCardId` the server confirms it on that saved card at once (3-D Secure may still send the browser a challenge).
   */
  createCardSetup(request: {
    purchaseId: number | null;
    processorCustomerId: string;
    idempotencyKey: string;
    savedCardId?: string | undefined;
  }): Promise<CardPayment>;
  /** Cancels a payment (or card setup) that can no longer succeed without the customer; answers its status after ('canceled', or 'succeeded'/'processing' when it is too late). */
  cancelPayment(paymentId: string): Promise<string>;
  /** The price of a subscription's next renewals (no proration): after a discounted first charge. */
  changeRenewalPrice(subscriptionId: string, amountCents: number): Promise<void>;
  listCards(processorCustomerId: string): Promise<SavedCard[]>;
  getCard(cardId: string): Promise<SavedCard | null>;
  /** Keeps a card the browser handed to the processor (its PaymentMethod id) for the customer. */
  attachCard(cardId: string, processorCustomerId: string): Promise<SavedCard>;
  detachCard(cardId: string): Promise<void>;
  /** The card a subscription's renewals are charged to (its default payment method), or null. */
  subscriptionCard(subscriptionId: string): Promise<string | null>;
  /** Charges a subscription's next renewals to another of the customer's cards. */
  changeSubscriptionCard(subscriptionId: string, cardId: string): Promise<void>;
  /**
   * Stops a subscription now (no more renewals), or with atPeriodEnd at the end
   * of the period already paid (no renewal is charged); a subscription already
   * stopped is not an error.
   */
  cancelSubscription(subscriptionId: string, options?: { atPeriodEnd?: boolean }): Promise<void>;
  /**
   * The processor's current word on a PaymentIntent ('pi_…') or SetupIntent ('seti_…') id: its status, whether its last
   * try was refused, what it received and with which card; null when it does not know it.
   */
  lookUpPayment(ref: string): Promise<PaymentLookup | null>;
  /** Verifies the signature over the raw body and translates the event; throws InvalidSignatureError otherwise. */
  readEvent(rawBody: Buffer, signature: string): CardEvent;
}

export class InvalidSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidSignatureError';
  }
}
