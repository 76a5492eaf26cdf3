import { isSharedRead } from '@studio/shared/config/shared-reads';
import type { ErrorCode } from '@studio/shared/error-codes';
import { messages } from '@studio/shared/messages';
import type { ApiErrorBody } from '@studio/shared/types/api';
import { showError } from './alerts';
import { currentAdminClaim, currentAppCheckToken, currentIdToken, signOut } from './auth-client';

const API_BASE = '/api';
export const TOKEN_REFRESH_INTERVAL_MS = 15_000;
/** Codes after which the session cannot continue: the person must sign in again. */
const SESSION_ENDED_CODES = new Set<ApiErrorCode>(['auth/id-token-expired', 'auth/id-token-revoked']);

/** Codes the web gives failures that never brought the API's error body (no network, a download that failed). */
export type ClientErrorCode = 'network' | 'http/unknown' | 'purchases/download-failed' | 'exports/failed' | 'files/unreadable';

/** An ApiError's code: the API's (shared/src/error-codes.ts) or the web's own; comparing with any other text fails the typecheck. */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** Every failed call becomes one of these; `message` is already Spanish and safe to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(status: number, code: ApiErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** The text to show for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return messages.common.genericError;
}

/**
 * A screen's own wording for some failures (the spec's §8 catalogues), keyed by
 * API error code (`'customer/already-registered'`) or HTTP status (`'409'`); the
 * code wins. A function gets the error, e.g. to prefer the server's message.
 */
export type ErrorTexts = Readonly<Partial<Record<ApiErrorCode | `${number}`, string | ((error: ApiError) => string)>>>;

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * What the person reads for a failed call: the screen's text for the error's code
 * or status, else the server's Spanish message, else the generic one. Network
 * failures read as the connectivity message. Null for a request the app itself
 * cancelled: nothing went wrong that anyone needs to hear about.
 */
export function apiErrorText(error: unknown, texts: ErrorTexts = {}): string | null {
  if (isAbort(error)) return null;
  if (error instanceof ApiError) {
    const text = texts[error.code] ?? texts[`${error.status}`];
    if (text !== undefined) return typeof text === 'function' ? text(error) : text;
  }
  return errorMessage(error);
}

/**
 * The spec's alert rules for failed calls, in one place: the text from
 * apiErrorText() goes to the global error alert, which hides after 5 s and never
 * shows texts containing '400' or '401' (lib/alerts.ts). Sessions that ended
 * (auth/id-token-expired, auth/id-token-revoked) were already signed out by the
 * request itself. Screens that show a failure in place (a form error, an inline
 * message, a blocking modal) use apiErrorText() instead.
 */
export function showApiError(error: unknown, texts?: ErrorTexts): void {
  const text = apiErrorText(error, texts);
  if (text) showError(text);
}

let lastTokenRefresh = Number.NEGATIVE_INFINITY;

// The spec refreshes the token after responses, throttled, so a long-lived tab never sends an expired one.
function refreshTokenAfterResponse(): void {
  const now = Date.now();
  if (now - lastTokenRefresh < TOKEN_REFRESH_INTERVAL_MS) return;
  lastTokenRefresh = now;
  currentIdToken(true).catch(() => {
    // A failed refresh surfaces on the next call as auth/id-token-expired, which signs out.
  });
}

/** Whether a response's JSON is the API's error body (`{ error: { code, message } }`). */
export function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as ApiErrorBody).error?.code === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /** Cancels the request (server-data passes the query's signal); a cancelled call rejects with an AbortError, never an ApiError. */
  signal?: AbortSignal;
  /** Sent as Idempotency-Key (grants and purchases, ADR 0101): the server answers a retry with the same key with its first answer. */
  idempotencyKey?: string;
}

/**
 * The caller's ID token for this call, or null. A shared read (the catalogue,
 * packages, pages, the configuration: @studio/shared/config/shared-reads)
 * goes without a customer's token, so Hosting's CDN can answer it; an
 * admin's keeps it, so the console sees its own changes at once.
 */
async function tokenFor(method: Method, path: string): Promise<string | null> {
  const token = await currentIdToken();
  if (!token || method !== 'GET' || !isSharedRead(path)) return token;
  return (await currentAdminClaim()) ? token : null;
}

async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  // Writes carry App Check's token where the environment uses it (sign-up, bookings and checkout require it, docs/auth); reads never wait for it.
  const [token, appCheckToken] = await Promise.all([tokenFor(method, path), method === 'GET' ? null : currentAppCheckToken()]);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (appCheckToken) headers['X-Firebase-AppCheck'] = appCheckToken;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  // Multipart bodies get their Content-Type, with the boundary, from the browser.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted && isAbort(error)) throw error;
    throw new ApiError(0, 'network', messages.auth.network);
  }

  const payload = await readJson(response);
  if (response.ok) {
    if (token) refreshTokenAfterResponse();
    return payload as T;
  }

  const error = isErrorBody(payload)
    ? new ApiError(response.status, payload.error.code, payload.error.message || messages.common.genericError, payload.error.fields)
    : new ApiError(response.status, 'http/unknown', messages.common.genericError);
  if (SESSION_ENDED_CODES.has(error.code)) {
    await signOut().catch(() => {
      // Already signed out or the SDK is gone: the session ends either way.
    });
  } else if (token) {
    refreshTokenAfterResponse();
  }
  throw error;
}

/**
 * The web's only door to /api. Bodies are sent as JSON, except a FormData body,
 * which goes as multipart/form-data (file uploads: POST /files, POST /files/s3).
 */
declare global {
  interface Window {
    /** Public reads index.html started for the screen being opened (web/build/route-preloads.ts). */
    __studioEarly?: Record<string, Promise<unknown>>;
  }
}

/** index.html's answer to this read, taken once (later reads ask the server); null when none was started or it failed. */
async function earlyAnswer(path: string): Promise<unknown> {
  const early = typeof window === 'undefined' ? undefined : window.__studioEarly?.[path];
  if (!early) return null;
  delete window.__studioEarly?.[path];
  return early;
}

export const api = {
  get: async <T>(path: string, options?: RequestOptions) => ((await earlyAnswer(path)) as T | null) ?? request<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
