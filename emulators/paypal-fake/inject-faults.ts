/**
 * Error injection, what PayPal's sandbox does with its PayPal-Mock-Response
 * header (negative testing) but set from outside, since the app's server
 * makes the calls: `POST /_control/faults {path, method?, status?, issue?,
 * times?}` makes the next `times` calls to that path answer PayPal's error
 * instead. A 4xx carries `issue` as PayPal's details[0].issue
 * (INSTRUMENT_DECLINED, PAYER_ACTION_REQUIRED, …) and, like any answer
 * PayPal gives, is what a later call with the same PayPal-Request-Id gets
 * again; a 5xx is PayPal unavailable and is not remembered.
 */
import type { FakeStore } from './fake-store';
import { invalidRequest, PayPalApiError, unprocessable } from './paypal-errors';
import { integerAt, type JsonObject, oneOfAt, textAt } from './read-fields';

export interface Fault {
  method: 'GET' | 'POST';
  path: string;
  status: number;
  issue: string | null;
  /** Calls still to fail. */
  times: number;
}

const NAMES: Record<number, [string, string]> = {
  400: ['INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.'],
  403: ['NOT_AUTHORIZED', 'Authorization failed due to insufficient permissions.'],
  404: ['RESOURCE_NOT_FOUND', 'The specified resource does not exist.'],
  429: ['RATE_LIMIT_REACHED', 'Too many requests. Blocked due to rate limiting.'],
  500: ['INTERNAL_SERVER_ERROR', 'An internal server error has occurred.'],
  503: ['SERVICE_UNAVAILABLE', 'Service Unavailable.'],
};

/** Reads a /_control/faults body; PayPal's own validation errors for a wrong one. */
export function readFault(body: JsonObject): Fault {
  const path = textAt(body, 'path', '', { required: true, max: 500 }) as string;
  if (!/^\/v[12]\//.test(path))
    throw invalidRequest('/path', 'INVALID_PARAMETER_VALUE', 'path must be an API path, such as /v2/checkout/orders/{id}/capture.', path);
  const status = integerAt(body, 'status', '', { min: 400, max: 599, fallback: 422 });
  const issue = textAt(body, 'issue', '', { required: status < 500, max: 100 }) ?? null;
  return {
    method: oneOfAt(body, 'method', '', ['GET', 'POST'] as const, 'POST'),
    path,
    status,
    issue,
    times: integerAt(body, 'times', '', { min: 1, max: 1000, fallback: 1 }),
  };
}

/** The error a call to `path` must answer now, if a fault is set for it (counted down, forgotten when spent). */
export function takeFault(store: FakeStore, method: string, path: string): PayPalApiError | null {
  const fault = store.faults.find((f) => f.method === method && f.path === path);
  if (!fault) return null;
  fault.times -= 1;
  if (fault.times <= 0) store.faults.splice(store.faults.indexOf(fault), 1);
  const description = `Injected by /_control/faults (${fault.issue ?? fault.status}).`;
  if (fault.status === 422 && fault.issue) return unprocessable(fault.issue, description);
  const [name, message] = NAMES[fault.status] ?? (fault.status >= 500 ? NAMES[500] : NAMES[400]) ?? ['INVALID_REQUEST', 'Error.'];
  return new PayPalApiError(fault.status, name, message, fault.issue ? [{ issue: fault.issue, description }] : []);
}
