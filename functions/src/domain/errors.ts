import type { ErrorCode } from '@studio/shared/error-codes';
import { fill, messages } from '@studio/shared/messages';
import { fieldLabels } from '@studio/shared/messages/fields';

/**
 * The one error type the domain throws (services, and the request parsing
 * above them). `kind` says what went wrong in transport-neutral words;
 * http/errors.ts maps each kind to a status. `message` is always Spanish and
 * safe to show.
 */
export type AppErrorKind =
  | 'invalid' // the input breaks a rule (fields says which)
  | 'unauthenticated' // no valid identity
  | 'forbidden' // an identity without the right
  | 'not-found'
  | 'conflict' // the current state refuses it (taken, in use, locked)
  | 'precondition' // what it needs is not there (credits used up, lot revoked, no membership)
  | 'too-large'
  | 'uri-too-long' // the request's URL, not its body (414)
  | 'unsupported-media'
  | 'rate-limited'
  | 'payment-declined' // the card processor refused the charge (402)
  | 'unavailable'; // a dependency is down; trying again may work

export class AppError extends Error {
  readonly kind: AppErrorKind;
  /** One of the API's codes (shared/src/error-codes.ts): the web matches on it. */
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  constructor(kind: AppErrorKind, code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.code = code;
    this.fields = fields;
  }
}

const labels: Record<string, string> = fieldLabels;

/**
 * 'entries[0].value' is labelled as its last field name ('value'); unknown
 * names show as they are. Own labels only: a client's 'constructor' key must
 * not be labelled with Object.prototype's.
 */
function labelOf(path: string): string {
  const last =
    path
      .replace(/\[\d+\]/g, '')
      .split('.')
      .pop() ?? path;
  return Object.hasOwn(labels, last) ? (labels[last] as string) : path;
}

/**
 * The error for invalid fields, wherever they are found (schema validation of
 * a request, or a service rule that needs stored data): each field keeps its
 * own message; the summary names the one field by its label, or says several are wrong.
 */
export function invalidFields(fields: Record<string, string>): AppError {
  const paths = Object.keys(fields);
  const only = paths.length === 1 ? paths[0] : undefined;
  const message =
    only === undefined
      ? messages.validation.missingFields
      : only === '_'
        ? (fields._ ?? messages.validation.missingFields)
        : fill(messages.validation.requiredField, { label: labelOf(only) });
  return new AppError('invalid', 'invalid-argument', message, fields);
}
