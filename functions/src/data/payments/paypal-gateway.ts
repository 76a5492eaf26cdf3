/**
 * PayPal's REST API as checkout uses it (Orders v2, refunds, webhook
 * verification), over fetch: no SDK, only what we call. Services see
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
  | { kind: 'ignored'; eventId: string; type: string };

export interface PayPalGateway {
  readonly clientId: string;
  /** An order for one purchase (custom_id = the purchase), the same for the same key. */
  createOrder(request: { purchaseId: number; amount: number; description: string; idempotencyKey: string }): Promise<string>;
  /** Captures an order the buyer approved; an order already captured is not an error. */
  captureOrder(orderId: string, idempotencyKey: string): Promise<{ status: string; purchaseId: number | null }>;
  refundCapture(captureId: string, idempotencyKey: string): Promise<void>;
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
    case 'PAYMENT.CAPTURE.DENIED':
      return { kind: 'capture-denied', eventId, captureId: String(resource.id ?? ''), purchaseId: purchaseIdOf(resource.custom_id) };
    default:
      return { kind: 'ignored', eventId, type: String(event.event_type ?? '') };
  }
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
    async refundCapture(captureId, idempotencyKey) {
      await call('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {}, idempotencyKey);
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
