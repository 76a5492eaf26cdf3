import { createHash, randomUUID } from 'node:crypto';
import { messages } from '@studio/shared/messages';
import {
  deleteIdempotencyRecord,
  getIdempotencyRecord,
  type IdempotencyBinding,
  type IdempotencyRecordDoc,
  updateIdempotencyRecord,
  writeIdempotencyRecord,
} from '../data/repos/idempotency-repo';
import type { Transaction } from '../data/store/types';
import type { Deps } from '../deps';
import { AppError } from '../domain/errors';

/** How long a key is remembered after its last use (ADR 0101): long enough for any retry a person or a client library makes. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/**
 * How long an attempt holds its key before a retry may take over: well past
 * the slowest call (a processor's timeouts), short enough that a crashed
 * attempt does not block its retry for long.
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;

/** The header's value: the shape Stripe documents (up to 255 characters), at least 8 so a counter is not mistaken for a key. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,255}$/;

export interface IdempotentCall {
  uid: string;
  /** Names the endpoint, so one key sent to two endpoints is two keys. */
  route: string;
  /** Null when the request carries none: the work runs as it always did. */
  key: string | null;
  /** The validated body: a retry must send the same one. */
  request: unknown;
}

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
}

/**
 * What the work's own transaction does with the key, so the record commits or
 * rolls back with the grant or purchase itself: a crash between them cannot
 * do the work twice.
 */
export interface IdempotencyGuard {
  /** A read, before the transaction's first write: fails when this attempt no longer holds the key; returns what an earlier, interrupted attempt already made. */
  hold(tx: Transaction): Promise<IdempotencyBinding | null>;
  /** Notes what this attempt made, when its answer needs more work after the transaction (a processor call). */
  bind(tx: Transaction, binding: IdempotencyBinding): void;
  /** Stores the final answer. */
  record(tx: Transaction, answer: IdempotentAnswer<unknown>): void;
}

const keyReused = () => new AppError('conflict', 'idempotency/key-reused', messages.http.idempotencyKeyReused);
const inProgress = () => new AppError('conflict', 'idempotency/in-progress', messages.http.idempotencyInProgress);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with object keys sorted, so the same body sent with its fields in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

type Claim = { replay: IdempotentAnswer<unknown> } | { replay: null };

/**
 * Runs `work` at most once per (caller, route, key) within the key's 24 hours,
 * and answers a retry with the first answer (status and body) without doing
 * anything. The same key with another body is a 409 (key-reused); while the first attempt
 * is still working, a retry is a 409 (in-progress). A failed attempt stores nothing (a
 * refusal writes nothing either), so its retry runs again. Without a key the
 * work runs as it always did.
 */
export async function runIdempotent<T>(
  deps: Deps,
  call: IdempotentCall,
  work: (guard: IdempotencyGuard | null) => Promise<IdempotentAnswer<T>>,
): Promise<IdempotentAnswer<T> & { replayed: boolean }> {
  if (call.key === null) return { ...(await work(null)), replayed: false };
  const id = sha256(`${call.uid}\n${call.route}\n${call.key}`);
  const fingerprint = sha256(canonical(call.request));
  const token = randomUUID();
  const store = deps.store;

  const claim = await store.runTransaction<Claim>(async (tx) => {
    const now = deps.now();
    const found = await getIdempotencyRecord(store, tx, id);
    const live = found !== null && found.expireAt > now ? found : null;
    if (live !== null) {
      if (live.fingerprint !== fingerprint) throw keyReused();
      if (live.state === 'done' && live.status !== null && live.answer !== null)
        return { replay: { status: live.status, body: JSON.parse(live.answer) as unknown } };
      if (live.leaseUntil > now) throw inProgress();
    }
    // A new key, an expired one, or an attempt that stopped without an answer: this one takes it, keeping what that one made.
    const record: IdempotencyRecordDoc = {
      uid: call.uid,
      route: call.route,
      fingerprint,
      state: 'pending',
      token,
      leaseUntil: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS),
      binding: live?.binding ?? null,
      status: null,
      answer: null,
      expireAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
    };
    writeIdempotencyRecord(store, tx, id, record);
    return { replay: null };
  });
  if (claim.replay !== null) return { status: claim.replay.status, body: claim.replay.body as T, replayed: true };

  /** The record while this attempt holds it; null once another attempt has it. */
  const held = async (tx: Transaction) => {
    const record = await getIdempotencyRecord(store, tx, id);
    return record !== null && record.token === token ? record : null;
  };
  const guard: IdempotencyGuard = {
    async hold(tx) {
      const record = await held(tx);
      if (record === null || record.state !== 'pending') throw inProgress();
      return record.binding;
    },
    bind(tx, binding) {
      updateIdempotencyRecord(store, tx, id, { binding });
    },
    record(tx, answer) {
      updateIdempotencyRecord(store, tx, id, done(deps.now(), answer));
    },
  };

  let answer: IdempotentAnswer<T>;
  try {
    answer = await work(guard);
  } catch (error) {
    // Nothing to replay: free the key for the retry, keeping what the attempt made so the retry answers it instead of making another.
    await store.runTransaction(async (tx) => {
      const record = await held(tx);
      if (record === null || record.state !== 'pending') return;
      if (record.binding === null) deleteIdempotencyRecord(store, tx, id);
      else updateIdempotencyRecord(store, tx, id, { leaseUntil: deps.now() });
    });
    throw error;
  }
  // The work's own transaction may have stored the answer already; otherwise (an answer finished after it) it is stored now.
  await store.runTransaction(async (tx) => {
    const record = await held(tx);
    if (record === null || record.state !== 'pending') return;
    updateIdempotencyRecord(store, tx, id, done(deps.now(), answer));
  });
  return { ...answer, replayed: false };
}

function done(now: Date, answer: IdempotentAnswer<unknown>): Partial<IdempotencyRecordDoc> {
  return {
    state: 'done',
    status: answer.status,
    answer: JSON.stringify(answer.body),
    expireAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  };
}
