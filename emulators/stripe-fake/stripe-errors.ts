/** An error answered as Stripe's JSON error body; the SDK maps the status and `type` onto its error classes. */
export class StripeApiError extends Error {
  readonly status: number;
  readonly body: { error: Record<string, unknown> };

  constructor(status: number, error: Record<string, unknown>) {
    super(String(error.message ?? 'Stripe fake error'));
    this.status = status;
    this.body = { error };
  }
}

const KIND_NAMES: Record<string, string> = {
  cus: 'customer',
  prod: 'product',
  price: 'price',
  pm: 'PaymentMethod',
  pi: 'payment_intent',
  seti: 'setupintent',
  sub: 'subscription',
  in: 'invoice',
  cs: 'checkout.session',
  ch: 'charge',
  re: 'refund',
  evt: 'event',
  clock: 'test_helpers.test_clock',
};

export function resourceMissing(id: string, param = 'id'): StripeApiError {
  const kind = KIND_NAMES[id.split('_')[0] ?? ''] ?? 'object';
  return new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });
}

export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
}

export function unexpectedState(message: string): StripeApiError {
  return invalidRequest(message, undefined, 'payment_intent_unexpected_state');
}

export function requireInteger(value: unknown, param: string): number {
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  if (value === undefined) throw invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
  throw invalidRequest(`Invalid integer: ${String(value)}`, param, 'parameter_invalid_integer');
}

export function optionalInteger(value: unknown, param: string): number | undefined {
  return value === undefined || value === '' ? undefined : requireInteger(value, param);
}

export function optionalBoolean(value: unknown, param: string): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'true' || value === true) return true;
  if (value === 'false' || value === false) return false;
  throw invalidRequest(`Invalid boolean: ${String(value)}`, param, 'parameter_invalid_boolean');
}

export function requireString(value: unknown, param: string): string {
  if (typeof value === 'string' && value !== '') return value;
  throw invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}
