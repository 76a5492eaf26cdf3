/**
 * The one error type services throw. `kind` says what went wrong in HTTP-neutral
 * words; the error middleware maps it to a status. `message` is always Spanish
 * and safe to show.
 */
export type AppErrorKind =
  | 'invalid' // 400
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not-found' // 404
  | 'conflict' // 409
  | 'precondition' // 412
  | 'too-large' // 413
  | 'unsupported-media' // 415
  | 'rate-limited' // 429
  | 'unavailable'; // 503

export const statusByKind: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  precondition: 412,
  'too-large': 413,
  'unsupported-media': 415,
  'rate-limited': 429,
  unavailable: 503,
};

export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  constructor(kind: AppErrorKind, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.code = code;
    this.fields = fields;
  }
}
