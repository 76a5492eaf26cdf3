/**
 * Helpers for API tests that run against the local stack exactly as deployed:
 * HTTP through the Hosting emulator's /api rewrite to the function, real ID
 * tokens from the Auth emulator, and direct reads of the same SQLite file to
 * prove what was (not) written.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { getStore } from '../../src/data/store/get-store';
import type { DocumentStore } from '../../src/data/store/types';

export const BASE_URL = process.env.API_BASE_URL ?? 'http://127.0.0.1:5000';
const AUTH = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
const PROJECT = process.env.GCLOUD_PROJECT ?? 'demo-studio';
const KEY = 'demo-api-key';

export const seed = {
  admin: { email: 'admin@estudiolatido.mx', password: 'Latido.Admin.2026' },
  ana: { email: 'ana.lopez@example.com', password: 'Cliente.Ana.2026' },
};

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${BASE_URL}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // keep the raw text (e.g. platform HTML errors)
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

async function identityToolkit<T>(path: string, body: unknown, bearer?: string): Promise<T> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/${path}?key=${KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`Auth emulator ${path}: ${json.error?.message ?? response.status}`);
  return json;
}

export async function signIn(email: string, password: string): Promise<{ token: string; uid: string }> {
  const result = await identityToolkit<{ idToken: string; localId: string }>('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  return { token: result.idToken, uid: result.localId };
}

export function uniqueEmail(prefix = 'cliente'): string {
  return `${prefix}.${randomUUID().slice(0, 8)}@example.com`;
}

/** Random Mexico City mobile-looking number, unique enough per run. */
export function uniquePhone(): string {
  return `55${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** A fresh identity in the Auth emulator (no customer record yet). */
export async function newIdentity(): Promise<{ token: string; uid: string; email: string; password: string }> {
  const email = uniqueEmail();
  const password = 'Prueba.123';
  const result = await identityToolkit<{ idToken: string; localId: string }>('accounts:signUp', { email, password, returnSecureToken: true });
  return { token: result.idToken, uid: result.localId, email, password };
}

/** The seed's required customer field (emergency_contact) answered, so the customer may book (ADR 0118). */
export async function answerIntake(token: string): Promise<void> {
  const response = await api('PUT', '/api/customer/custom_values', { token, body: { values: { emergency_contact: 'Mamá 5512345678' } } });
  if (response.status !== 200) throw new Error(`intake failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/**
 * An identity with a registered customer who has answered the studio's
 * required profile question, as the web asks before a first booking;
 * `{ intake: false }` leaves it unanswered.
 */
export async function newCustomer(overrides: Record<string, unknown> = {}, options: { intake?: boolean } = {}) {
  const identity = await newIdentity();
  const phone = uniquePhone();
  const response = await api<{ customer: { customer_id: number } }>('POST', '/api/customer/signup', {
    token: identity.token,
    body: { uid: identity.uid, name: 'Prueba', last_name: 'Cliente', phone, accepted_pages: [1, 2], ...overrides },
  });
  if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
  if (options.intake !== false) await answerIntake(identity.token);
  return { ...identity, phone, customerId: response.body.customer.customer_id };
}

/**
 * An ID token that expired an hour ago. The Auth emulator signs nothing
 * (alg "none") and firebase-admin accepts unsigned tokens in emulator mode,
 * so only the expiry makes this one fail.
 */
export function expiredToken(uid: string): string {
  const now = Math.floor(Date.now() / 1000);
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = {
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    auth_time: now - 7200,
    user_id: uid,
    sub: uid,
    iat: now - 7200,
    exp: now - 3600,
    email: 'expired@example.com',
    email_verified: false,
    firebase: { identities: {}, sign_in_provider: 'password' },
  };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
}

/** Out-of-band codes (reset e-mails) the Auth emulator has "sent". */
export async function sentOobCodes(): Promise<Array<{ email: string; requestType: string; oobLink: string }>> {
  const response = await fetch(`${AUTH}/emulator/v1/projects/${PROJECT}/oobCodes`);
  return ((await response.json()) as { oobCodes: Array<{ email: string; requestType: string; oobLink: string }> }).oobCodes;
}

/** The same SQLite file the function uses; safe across processes. */
export function store(): DocumentStore {
  return getStore();
}

export async function countDocs(collection: string): Promise<number> {
  return store().collection(collection).count();
}
