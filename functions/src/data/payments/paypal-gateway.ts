/**
 * PayPal's REST API as checkout uses it (Orders v2, Subscriptions v1 with
 * their catalog products and plans, refunds, webhook verification), over
 * fetch: no SDK, only what we call. Services see
 * PayPalGateway and PayPalEvent; nothing of PayPal's shapes goes above here.
 */
export interface PayPalSettings {
  clientId: string;
  clientSecret: string;
  /** The webhook's id at PayPal: verification checks notices were sent to it. */
  webhookId: string;
  /** https://api-m.paypal.com (live), https://api-m.sandbox.paypal.com, or the local fake. */
  apiBase: string;
}

export type PayPalEvent =
  | { kind: 'capture-completed'; eventId: string; captureId: string; purchaseId: number | null; amount: number }
  | { kind: 'capture-denied'; eventId: string; captureId: string; purchaseId: number | null }
  /**
   * Money of a capture went back: a refund (ours or made in PayPal's dashboard)
   * or a reversal (a chargeback the buyer won). amount is this one's (MXN);
   * totalRefunded the capture's running total when PayPal says it, else null.
   */
  | { kind: 'capture-refunded'; eventId: string; captureId: string; purchaseId: number | null; amount: number; totalRefunded: number | null; reversed: boolean }
  /** The buyer approved a subscription (a free trial starts here; otherwise its first sale follows). */
  | { kind: 'subscription-activated'; eventId: string; subscriptionId: string; purchaseId: number | null }
  /** A subscription's payment went through: its first period's, or a renewal's. */
  | { kind: 'sale-completed'; eventId: string; saleId: string; subscriptionId: string; purchaseId: number | null; amount: number }
  | { kind: 'subscription-payment-failed'; eventId: string; subscriptionId: string; purchaseId: number | null; amount: number }
  /** Cancelled (by the buyer at PayPal, or by us) or expired: no more charges. */
  | { kind: 'subscription-ended'; eventId: string; subscriptionId: string; purchaseId: number | null }
  | { kind: 'ignored'; eventId: string; type: string };

/** One billing cycle of a plan, in PayPal's terms: trials first, then the one regular cycle (total 0 = until cancelled). */
export interface PayPalCycle {
  tenure: 'TRIAL' | 'REGULAR';
  unit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
  count: number;
  totalCycles: number;
  /** MXN; 0 for a free trial cycle. */
  price: number;
}

export interface PayPalPlanRequest {
  /** Our package: one catalog product per package. */
  productId: string;
  productName: string;
  planName: string;
  cycles: PayPalCycle[];
}

export interface PayPalGateway {
  readonly clientId: string;
  /** An order for one purchase (custom_id = the purchase), the same for the same key. */
  createOrder(request: { purchaseId: number; amount: number; description: string; idempotencyKey: string }): Promise<string>;
  /** Captures an order the buyer approved; an order already captured is not an error. */
  captureOrder(orderId: string, idempotencyKey: string): Promise<{ status: string; purchaseId: number | null }>;
  /** Refunds a capture: amount (MXN) or, without it, all that is left; the same key is the same refund. */
  refundCapture(captureId: string, idempotencyKey: string, amount?: number): Promise<void>;
  /** A billing plan with these cycles (its product created first when missing); answers the plan id. */
  createPlan(request: PayPalPlanRequest, idempotencyKey: string): Promise<string>;
  /** A subscription to the plan awaiting the buyer's approval (custom_id = the purchase), the same for the same key. */
  createSubscription(request: { planId: string; purchaseId: number; idempotencyKey: string }): Promise<string>;
  /** Stops a subscription's charges; one already cancelled, expired or never approved is not an error. */
  cancelSubscription(subscriptionId: string, reason: string): Promise<void>;
  /** Refunds a subscription's payment (a v1 sale). */
  refundSale(saleId: string, idempotencyKey: string): Promise<void>;
  /** Asks PayPal whether the notice is genuine (as PayPal specifies), then translates it; null when it is not. */
  readNotice(headers: Record<string, string | undefined>, body: unknown): Promise<PayPalEvent | null>;
}

export class PayPalError extends Error {
  readonly status: number;
  readonly issue: string | null;
  constructor(status: number, issue: string | null, message: string) {
    super(message);
    this.name = 'PayPalError';
    this.status = status;
    this.issue = issue;
  }
}

const purchaseIdOf = (value: unknown): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

type Json = Record<string, unknown>;

/** PayPal's notice, as the services' PayPalEvent (only the kinds checkout acts on). */
export function translatePayPalEvent(event: Json): PayPalEvent {
  const eventId = String(event.id ?? '');
  const resource = (event.resource ?? {}) as Json;
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return {
        kind: 'capture-completed',
        eventId,
        captureId: String(resource.id ?? ''),
        purchaseId: purchaseIdOf(resource.custom_id),
        amount: Number((resource.amount as Json | undefined)?.value ?? 0),
      };
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      // The resource is the refund; its capture is the link rel 'up'.
      const up = ((resource.links as Json[] | undefined) ?? []).find((l) => l.rel === 'up');
      const captureId = /\/captures\/([^/?]+)/.exec(String(up?.href ?? ''))?.[1];
      if (!captureId) break;
      const total = ((resource.seller_payable_breakdown as Json | undefined)?.total_refunded_amount as Json | undefined)?.value;
      return {
        kind: 'capture-refunded',
        eventId,
        captureId: decodeURIComponent(captureId),
        purchaseId: purchaseIdOf(resource.custom_id),
        amount: Math.abs(Number((resource.amount as Json | undefined)?.value ?? 0)),
        totalRefunded: total === undefined ? null : Number(total),
        reversed: event.event_type === 'PAYMENT.CAPTURE.REVERSED',
      };
    }
    case 'PAYMENT.CAPTURE.DENIED':
      return { kind: 'capture-denied', eventId, captureId: String(resource.id ?? ''), purchaseId: purchaseIdOf(resource.custom_id) };
    case 'BILLING.SUBSCRIPTION.ACTIVATED':
      return { kind: 'subscription-activated', eventId, subscriptionId: String(resource.id ?? ''), purchaseId: purchaseIdOf(resource.custom_id) };
    case 'PAYMENT.SALE.COMPLETED':
      // A sale without a billing agreement is not a subscription's: checkout's one-off payments are v2 captures.
      if (!resource.billing_agreement_id) break;
      return {
        kind: 'sale-completed',
        eventId,
        saleId: String(resource.id ?? ''),
        subscriptionId: String(resource.billing_agreement_id),
        purchaseId: purchaseIdOf(resource.custom),
        amount: Number((resource.amount as Json | undefined)?.total ?? 0),
      };
    case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED': {
      const failed = ((resource.billing_info as Json | undefined)?.last_failed_payment ?? {}) as Json;
      return {
        kind: 'subscription-payment-failed',
        eventId,
        subscriptionId: String(resource.id ?? ''),
        purchaseId: purchaseIdOf(resource.custom_id),
        amount: Number((failed.amount as Json | undefined)?.value ?? 0),
      };
    }
    case 'BILLING.SUBSCRIPTION.CANCELLED':
    case 'BILLING.SUBSCRIPTION.EXPIRED':
      return { kind: 'subscription-ended', eventId, subscriptionId: String(resource.id ?? ''), purchaseId: purchaseIdOf(resource.custom_id) };
  }
  return { kind: 'ignored', eventId, type: String(event.event_type ?? '') };
}

export function createPayPalGateway(settings: PayPalSettings): PayPalGateway {
  const base = settings.apiBase.replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const response = await fetch(`${base}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!response.ok || !body.access_token) throw new PayPalError(response.status, null, `PayPal token: ${response.status}`);
    // Renew a minute early so a call never starts with a token about to lapse.
    token = { value: body.access_token, until: Date.now() + ((body.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, body?: unknown, requestId?: string): Promise<Json> {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const json = (text ? JSON.parse(text) : {}) as Json;
    if (!response.ok) {
      const details = (json.details as Array<{ issue?: string }> | undefined) ?? [];
      throw new PayPalError(response.status, details[0]?.issue ?? null, `PayPal ${method} ${path}: ${response.status} ${String(json.name ?? '')}`);
    }
    return json;
  }

  return {
    clientId: settings.clientId,
    async createOrder(request) {
      const order = await call(
        'POST',
        '/v2/checkout/orders',
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: String(request.purchaseId),
              custom_id: String(request.purchaseId),
              description: request.description.slice(0, 127),
              amount: { currency_code: 'MXN', value: request.amount.toFixed(2) },
            },
          ],
        },
        request.idempotencyKey,
      );
      return String(order.id);
    },
    async captureOrder(orderId, idempotencyKey) {
      try {
        const order = await call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {}, idempotencyKey);
        const unit = ((order.purchase_units as Json[] | undefined) ?? [])[0] ?? {};
        const capture = (((unit.payments as Json | undefined)?.captures as Json[] | undefined) ?? [])[0] ?? {};
        return { status: String(order.status ?? ''), purchaseId: purchaseIdOf(capture.custom_id ?? unit.custom_id) };
      } catch (error) {
        if (error instanceof PayPalError && error.issue === 'ORDER_ALREADY_CAPTURED') {
          const order = await call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
          const unit = ((order.purchase_units as Json[] | undefined) ?? [])[0] ?? {};
          return { status: String(order.status ?? ''), purchaseId: purchaseIdOf(unit.custom_id) };
        }
        throw error;
      }
    },
    async refundCapture(captureId, idempotencyKey, amount) {
      const body = amount === undefined ? {} : { amount: { currency_code: 'MXN', value: amount.toFixed(2) } };
      await call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, body, idempotencyKey);
    },
    async createPlan(request, idempotencyKey) {
      try {
        await call(
          'POST',
          '/v1/catalogs/products',
          { id: request.productId, name: request.productName.slice(0, 127), type: 'SERVICE' },
          `product-${request.productId}`,
        );
      } catch (error) {
        // The package's product exists from an earlier plan: that is the one we want.
        if (!(error instanceof PayPalError && error.issue === 'DUPLICATE_RESOURCE_IDENTIFIER')) throw error;
      }
      const plan = await call(
        'POST',
        '/v1/billing/plans',
        {
          product_id: request.productId,
          name: request.planName.slice(0, 127),
          status: 'ACTIVE',
          billing_cycles: request.cycles.map((cycle, index) => ({
            frequency: { interval_unit: cycle.unit, interval_count: cycle.count },
            tenure_type: cycle.tenure,
            sequence: index + 1,
            total_cycles: cycle.totalCycles,
            pricing_scheme: { fixed_price: { currency_code: 'MXN', value: cycle.price.toFixed(2) } },
          })),
          // As with cards: PayPal retries a failed renewal (the purchase shows failed meanwhile) and suspends after three failures.
          payment_preferences: { auto_bill_outstanding: true, payment_failure_threshold: 3 },
        },
        idempotencyKey,
      );
      return String(plan.id);
    },
    async createSubscription(request) {
      const subscription = await call(
        'POST',
        '/v1/billing/subscriptions',
        {
          plan_id: request.planId,
          custom_id: String(request.purchaseId),
          application_context: { shipping_preference: 'NO_SHIPPING', user_action: 'SUBSCRIBE_NOW' },
        },
        request.idempotencyKey,
      );
      return String(subscription.id);
    },
    async cancelSubscription(subscriptionId, reason) {
      try {
        await call('POST', `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`, { reason: reason.slice(0, 128) || 'Cancelada' });
      } catch (error) {
        if (error instanceof PayPalError && error.issue === 'SUBSCRIPTION_STATUS_INVALID') return;
        throw error;
      }
    },
    async refundSale(saleId, idempotencyKey) {
      await call('POST', `/v1/payments/sale/${encodeURIComponent(saleId)}/refund`, {}, idempotencyKey);
    },
    async readNotice(headers, body) {
      const verification = await call('POST', '/v1/notifications/verify-webhook-signature', {
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
        webhook_id: settings.webhookId,
        webhook_event: body,
      });
      return verification.verification_status === 'SUCCESS' ? translatePayPalEvent(body as Json) : null;
    },
  };
}
