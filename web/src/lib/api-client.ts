import { messages } from '@studio/shared/messages';
import type { ApiErrorBody } from '@studio/shared/types/api';
import { currentIdToken, signOut } from './auth-client';

const API_BASE = '/api';
export const TOKEN_REFRESH_INTERVAL_MS = 15_000;
/** Codes after which the session cannot continue: the person must sign in again. */
const SESSION_ENDED_CODES = new Set(['auth/id-token-expired', 'auth/id-token-revoked']);

/** Every failed call becomes one of these; `message` is already Spanish and safe to show. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
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

function isErrorBody(body: unknown): body is ApiErrorBody {
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

type Method = 'GET' | 'POST';

async function request<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const token = await currentIdToken();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
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

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
};
