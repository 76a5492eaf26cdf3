import Stripe from 'stripe';
import { type CardEvent, type CardGateway, type CardPayment, InvalidSignatureError } from './card-gateway';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** http://127.0.0.1:PORT of the local fake (emulators/stripe-fake); unset in production. */
  apiBase?: string | undefined;
}

const purchaseIdOf = (metadata: Stripe.Metadata | null | undefined): number | null => {
  const id = Number(metadata?.purchase_id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** Stripe's event, as the services' CardEvent (only the kinds checkout acts on; the rest are 'ignored'). */
export function translateStripeEvent(event: Stripe.Event): CardEvent {
  switch (event.type) {
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      return {
        kind: 'payment-succeeded',
        eventId: event.id,
        paymentId: intent.id,
        purchaseId: purchaseIdOf(intent.metadata),
        amountCents: intent.amount_received || intent.amount,
      };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      return {
        kind: 'payment-failed',
        eventId: event.id,
        paymentId: intent.id,
        purchaseId: purchaseIdOf(intent.metadata),
        code: intent.last_payment_error?.code ?? null,
        declineCode: intent.last_payment_error?.decline_code ?? null,
      };
    }
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      return { kind: 'payment-canceled', eventId: event.id, paymentId: intent.id, purchaseId: purchaseIdOf(intent.metadata) };
    }
    default:
      return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}

/** The card gateway on Stripe's API (or the local fake, which speaks the same). */
export function createStripeGateway(settings: StripeSettings): CardGateway {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
  return {
    async createCustomer(request) {
      const customer = await stripe.customers.create(
        { email: request.email, name: request.name, metadata: { customer_id: String(request.customerId) } },
        { idempotencyKey: `customer-${request.customerId}` },
      );
      return customer.id;
    },
    async createPayment(request): Promise<CardPayment> {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: 'mxn',
          customer: request.processorCustomerId,
          allowed_payment_method_types: ['card'],
          description: request.description,
          metadata: { purchase_id: String(request.purchaseId) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
      return { id: intent.id, clientSecret: intent.client_secret, status: intent.status };
    },
    async refundPayment(paymentId, idempotencyKey) {
      await stripe.refunds.create({ payment_intent: paymentId }, { idempotencyKey });
    },
    readEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new InvalidSignatureError(error instanceof Error ? error.message : String(error));
      }
      return translateStripeEvent(event);
    },
  };
}
