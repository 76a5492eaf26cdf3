/**
 * Errors answered in PayPal's REST shape: `{name, message, debug_id, details:
 * [{field, value, location, issue, description}], links}`. Callers branch on
 * `name` and `details[0].issue`, so those follow PayPal's spelling.
 */
import { debugId } from './make-ids';

export interface ErrorDetail {
  issue: string;
  description: string;
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'query' | 'header';
}

export class PayPalApiError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;

  constructor(status: number, name: string, message: string, details: ErrorDetail[] = []) {
    super(`${name}: ${details[0]?.issue ?? message}`);
    this.status = status;
    const issue = details[0]?.issue ?? name;
    this.body = {
      name,
      message,
      debug_id: debugId(),
      ...(details.length > 0 ? { details } : {}),
      links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${issue}`, rel: 'information_link', method: 'GET' }],
    };
  }
}

export function invalidRequest(field: string, issue: string, description: string, value?: string): PayPalApiError {
  return new PayPalApiError(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
    { field, ...(value === undefined ? {} : { value }), location: 'body', issue, description },
  ]);
}

export function resourceNotFound(id: string, field: string): PayPalApiError {
  return new PayPalApiError(404, 'RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
    {
      field,
      value: id,
      location: 'path',
      issue: 'INVALID_RESOURCE_ID',
      description: 'Specified resource ID does not exist. Please check the resource ID and try again.',
    },
  ]);
}

export function unprocessable(issue: string, description: string): PayPalApiError {
  return new PayPalApiError(
    422,
    'UNPROCESSABLE_ENTITY',
    'The requested action could not be performed, semantically incorrect, or failed business validation.',
    [{ issue, description }],
  );
}

export function authenticationFailure(): PayPalApiError {
  return new PayPalApiError(
    401,
    'AUTHENTICATION_FAILURE',
    'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
  );
}
