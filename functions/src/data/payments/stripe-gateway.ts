import type Stripe from 'stripe';
import { lazyModule } from '../lazy-module';
import {
  CardDeclinedError,
  type CardEvent,
  type CardGateway,
  type CardPayment,
  CardUnusableError,
  InvalidSignatureError,
  OXXO_VOUCHER_DAYS,
  type SavedCard,
} from './card-gateway';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** http://127.0.0.1:PORT of the local fake (emulators/stripe-fake); unset in production. */
  apiBase?: string | undefined;
}

/** The Stripe SDK, loaded by the first card operation or webhook, not by the module nor by createStripeGateway (docs/operations.md "Cold start"). */
const stripeSdk = lazyModule<typeof Stripe>('stripe');

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
        paymentMethodId: typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null),
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
    case 'payment_intent.requires_action': {
      const intent = event.data.object;
      const oxxo = intent.next_action?.type === 'oxxo_display_details' ? intent.next_action.oxxo_display_details : undefined;
      // Only an OXXO voucher is worth keeping; a card's 3-D Secure is handled in the browser.
      if (!oxxo?.number) return { kind: 'ignored', eventId: event.id, type: event.type };
      return {
        kind: 'voucher-issued',
        eventId: event.id,
        paymentId: intent.id,
        purchaseId: purchaseIdOf(intent.metadata),
        reference: oxxo.number,
        expiresAt: oxxo.expires_after ? new Date(oxxo.expires_after * 1000) : null,
        voucherUrl: oxxo.hosted_voucher_url ?? null,
      };
    }
    case 'setup_intent.succeeded': {
      const setup = event.data.object;
      return {
        kind: 'card-saved',
        eventId: event.id,
        setupId: setup.id,
        purchaseId: purchaseIdOf(setup.metadata),
        paymentMethodId: typeof setup.payment_method === 'string' ? setup.payment_method : (setup.payment_method?.id ?? null),
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscription = details?.subscription;
      const subscriptionId = typeof subscription === 'string' ? subscription : (subscription?.id ?? null);
      // Only renewals: the first period is our own PaymentIntent (the subscription starts after it), so a $0 start invoice means nothing here.
      if (!subscriptionId || invoice.billing_reason !== 'subscription_cycle' || !invoice.id) return { kind: 'ignored', eventId: event.id, type: event.type };
      const common = { eventId: event.id, invoiceId: invoice.id, subscriptionId, purchaseId: purchaseIdOf(details?.metadata) };
      return event.type === 'invoice.paid'
        ? { kind: 'renewal-paid', ...common, amountCents: invoice.amount_paid }
        : { kind: 'renewal-failed', ...common, amountCents: invoice.amount_due };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const paymentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
      if (!paymentId) return { kind: 'ignored', eventId: event.id, type: event.type };
      return {
        kind: 'charge-refunded',
        eventId: event.id,
        paymentId,
        purchaseId: purchaseIdOf(charge.metadata),
        amountCents: charge.amount,
        refundedCents: charge.amount_refunded,
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const paymentId = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : (dispute.payment_intent?.id ?? null);
      if (!paymentId) return { kind: 'ignored', eventId: event.id, type: event.type };
      const closed = event.type === 'charge.dispute.closed';
      // warning_closed (an inquiry that never became a chargeback) keeps the money, as a win does.
      const status = !closed ? 'open' : dispute.status === 'lost' ? 'lost' : 'won';
      return {
        kind: closed ? 'dispute-closed' : 'dispute-opened',
        eventId: event.id,
        disputeId: dispute.id,
        paymentId,
        purchaseId: purchaseIdOf(dispute.metadata),
        amountCents: dispute.amount,
        status,
      };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return { kind: 'subscription-ended', eventId: event.id, subscriptionId: subscription.id, purchaseId: purchaseIdOf(subscription.metadata) };
    }
    default:
      return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}

function toSavedCard(method: Stripe.PaymentMethod): SavedCard {
  return {
    id: method.id,
    brand: method.card?.brand ?? 'unknown',
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
    customerId: typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null),
  };
}

/** The card gateway on Stripe's API (or the local fake, which speaks the same). */
export function createStripeGateway(settings: StripeSettings): CardGateway {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  let client: Stripe | undefined;
  // Built at the first call: every request builds the deps, few of them touch cards.
  const stripeClient = () =>
    (client ??= new (stripeSdk())(settings.secretKey, {
      maxNetworkRetries: 2,
      ...(base ? { host: base.hostname, port: Number(base.port), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
    }));
  const stripeErrors = () => stripeSdk().errors;
  return {
    async createCustomer(request) {
      const customer = await stripeClient().customers.create(
        { email: request.email, name: request.name, metadata: { customer_id: String(request.customerId) } },
        { idempotencyKey: `customer-${request.customerId}` },
      );
      return customer.id;
    },
    async createPayment(request): Promise<CardPayment> {
      const intent = await stripeClient()
        .paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'mxn',
            customer: request.processorCustomerId,
            allowed_payment_method_types: [request.method],
            ...(request.method === 'oxxo' ? { payment_method_options: { oxxo: { expires_after_days: OXXO_VOUCHER_DAYS } } } : {}),
            description: request.description,
            metadata: { purchase_id: String(request.purchaseId) },
            ...(request.saveCard ? { setup_future_usage: 'off_session' as const } : {}),
            ...(request.savedCardId ? { payment_method: request.savedCardId, confirm: true } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        )
        .catch((error: unknown) => {
          if (error instanceof stripeErrors().StripeCardError) throw new CardDeclinedError(error.code ?? null, error.decline_code ?? null, error.message);
          throw error;
        });
      if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
      return { id: intent.id, clientSecret: intent.client_secret, status: intent.status };
    },
    async refundPayment(paymentId, idempotencyKey, amountCents) {
      let intentId = paymentId;
      if (paymentId.startsWith('in_')) {
        // A renewal is an invoice; what it collected is its payment's PaymentIntent.
        const invoice = await stripeClient().invoices.retrieve(paymentId, { expand: ['payments'] });
        const paid = invoice.payments?.data.find((p) => p.payment.type === 'payment_intent' && p.status === 'paid');
        const intent = paid?.payment.payment_intent;
        if (!intent) throw new Error(`Invoice ${paymentId} has no paid PaymentIntent to refund`);
        intentId = typeof intent === 'string' ? intent : intent.id;
      }
      try {
        await stripeClient().refunds.create({ payment_intent: intentId, ...(amountCents === undefined ? {} : { amount: amountCents }) }, { idempotencyKey });
      } catch (error) {
        // All of it back already (a retry after Stripe forgot the key, 24 h on): the outcome a whole refund wants.
        if (amountCents === undefined && error instanceof stripeErrors().StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
        throw error;
      }
    },
    async startRenewals(request) {
      const product = await stripeClient().products.create({ name: request.description }, { idempotencyKey: `${request.idempotencyKey}-product` });
      const subscription = await stripeClient().subscriptions.create(
        {
          customer: request.processorCustomerId,
          default_payment_method: request.paymentMethodId,
          items: [
            {
              price_data: {
                currency: 'mxn',
                product: product.id,
                unit_amount: request.amountCents,
                recurring: { interval: request.period, interval_count: request.interval },
              },
            },
          ],
          // The first period was paid by our own PaymentIntent: Stripe bills from its end.
          trial_end: Math.floor(request.firstRenewalAt.getTime() / 1000),
          metadata: { purchase_id: String(request.purchaseId) },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return subscription.id;
    },
    async createCheckoutSession(request) {
      const session = await stripeClient().checkout.sessions.create(
        {
          mode: 'payment',
          customer: request.processorCustomerId,
          client_reference_id: String(request.purchaseId),
          line_items: [{ quantity: 1, price_data: { currency: 'mxn', unit_amount: request.amountCents, product_data: { name: request.description } } }],
          metadata: { purchase_id: String(request.purchaseId) },
          // The payment's own events carry the purchase, so the card path's exactly-once handling completes it.
          payment_intent_data: { metadata: { purchase_id: String(request.purchaseId) } },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Checkout session ${session.id} has no url`);
      return { id: session.id, url: session.url };
    },
    async createCardSetup(request) {
      const setup = await stripeClient()
        .setupIntents.create(
          {
            customer: request.processorCustomerId,
            usage: 'off_session',
            metadata: request.purchaseId === null ? { purpose: 'saved-card' } : { purchase_id: String(request.purchaseId) },
            ...(request.savedCardId ? { payment_method: request.savedCardId, confirm: true } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        )
        .catch((error: unknown) => {
          if (error instanceof stripeErrors().StripeCardError) throw new CardDeclinedError(error.code ?? null, error.decline_code ?? null, error.message);
          throw error;
        });
      if (!setup.client_secret) throw new Error(`SetupIntent ${setup.id} has no client secret`);
      return { id: setup.id, clientSecret: setup.client_secret, status: setup.status };
    },
    async cancelPayment(paymentId) {
      try {
        const canceled = paymentId.startsWith('seti_')
          ? await stripeClient().setupIntents.cancel(paymentId)
          : await stripeClient().paymentIntents.cancel(paymentId);
        return canceled.status;
      } catch (error) {
        // Too late to cancel (succeeded, processing) or already canceled: its status says which.
        if (error instanceof stripeErrors().StripeInvalidRequestError && /unexpected_state/.test(error.code ?? '')) {
          const found = await this.lookUpPayment(paymentId);
          if (found) return found.status;
        }
        throw error;
      }
    },
    async changeRenewalPrice(subscriptionId, amountCents) {
      const subscription = await stripeClient().subscriptions.retrieve(subscriptionId);
      const item = subscription.items.data[0];
      if (!item) throw new Error(`Subscription ${subscriptionId} has no item`);
      const recurring = item.price.recurring;
      if (!recurring) throw new Error(`Subscription ${subscriptionId}: its price is not recurring`);
      const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
      await stripeClient().subscriptions.update(subscriptionId, {
        items: [
          {
            id: item.id,
            price_data: {
              currency: 'mxn',
              product,
              unit_amount: amountCents,
              recurring: { interval: recurring.interval, interval_count: recurring.interval_count },
            },
          },
        ],
        proration_behavior: 'none',
      });
    },
    async listCards(processorCustomerId) {
      const list = await stripeClient().customers.listPaymentMethods(processorCustomerId, { type: 'card', limit: 100 });
      return list.data.map(toSavedCard);
    },
    async getCard(cardId) {
      try {
        return toSavedCard(await stripeClient().paymentMethods.retrieve(cardId));
      } catch (error) {
        if (error instanceof stripeErrors().StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw error;
      }
    },
    async attachCard(cardId, processorCustomerId) {
      try {
        return toSavedCard(await stripeClient().paymentMethods.attach(cardId, { customer: processorCustomerId }));
      } catch (error) {
        if (error instanceof stripeErrors().StripeCardError) throw new CardDeclinedError(error.code ?? null, error.decline_code ?? null, error.message);
        // Refused for anything but our customer (a studio-side fault, left as it is), the request's problem is the card: another customer's, spent, or unknown.
        if (error instanceof stripeErrors().StripeInvalidRequestError && error.param !== 'customer') throw new CardUnusableError(error.message);
        throw error;
      }
    },
    async detachCard(cardId) {
      await stripeClient().paymentMethods.detach(cardId);
    },
    async subscriptionCard(subscriptionId) {
      const subscription = await stripeClient().subscriptions.retrieve(subscriptionId);
      const card = subscription.default_payment_method;
      return typeof card === 'string' ? card : (card?.id ?? null);
    },
    async changeSubscriptionCard(subscriptionId, cardId) {
      await stripeClient().subscriptions.update(subscriptionId, { default_payment_method: cardId });
    },
    async cancelSubscription(subscriptionId, options) {
      try {
        if (options?.atPeriodEnd) await stripeClient().subscriptions.update(subscriptionId, { cancel_at_period_end: true });
        else await stripeClient().subscriptions.cancel(subscriptionId);
      } catch (error) {
        // Already canceled (or gone): the outcome the caller wants.
        if (error instanceof stripeErrors().StripeInvalidRequestError && (error.code === 'resource_missing' || /canceled/i.test(error.message))) return;
        throw error;
      }
    },
    async lookUpPayment(ref) {
      const methodOf = (method: string | Stripe.PaymentMethod | null) => (typeof method === 'string' ? method : (method?.id ?? null));
      try {
        if (ref.startsWith('seti_')) {
          const setup = await stripeClient().setupIntents.retrieve(ref);
          return {
            kind: 'setup',
            status: setup.status,
            declined: Boolean(setup.last_setup_error),
            amountCents: 0,
            paymentMethodId: methodOf(setup.payment_method),
            purchaseId: purchaseIdOf(setup.metadata),
          };
        }
        const intent = await stripeClient().paymentIntents.retrieve(ref);
        return {
          kind: 'payment',
          status: intent.status,
          declined: Boolean(intent.last_payment_error),
          amountCents: intent.amount_received || intent.amount,
          paymentMethodId: methodOf(intent.payment_method),
          purchaseId: purchaseIdOf(intent.metadata),
        };
      } catch (error) {
        if (error instanceof stripeErrors().StripeInvalidRequestError && error.code === 'resource_missing') return null;
        throw error;
      }
    },
    readEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripeClient().webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new InvalidSignatureError(error instanceof Error ? error.message : String(error));
      }
      return translateStripeEvent(event);
    },
  };
}
