import { firestoreSdk } from '../../firebase-admin-sdks';
import type { StoreErrorCode } from '../types';
import { isFieldTransform, StoreError } from '../types';

// The SDK's classes come from the lazily loaded module (the same instance
// firebase-functions imports, so `instanceof Timestamp` holds for trigger
// events too); converting a value means a Firestore store is in use, so it is
// loaded by then.

/** Plain objects are the only objects converted field by field; Dates, bytes and SDK classes pass through. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Our values → admin SDK values: FieldTransform sentinels become admin
 * FieldValues (deeply, so nested `a.b: increment(1)` works). Everything else
 * is left for the SDK to validate, so its errors (undefined, custom classes,
 * nested arrays) surface exactly as production would raise them.
 */
export function toFirestoreValue(value: unknown): unknown {
  if (isFieldTransform(value)) {
    const AdminFieldValue = firestoreSdk().FieldValue;
    switch (value.__transform) {
      case 'serverTimestamp':
        return AdminFieldValue.serverTimestamp();
      case 'increment':
        return AdminFieldValue.increment(value.by);
      case 'arrayUnion':
        return AdminFieldValue.arrayUnion(...value.elements.map(toFirestoreValue));
      case 'arrayRemove':
        return AdminFieldValue.arrayRemove(...value.elements.map(toFirestoreValue));
      case 'delete':
        return AdminFieldValue.delete();
    }
  }
  if (Array.isArray(value)) return value.map(toFirestoreValue);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = toFirestoreValue(value[key]);
    return out;
  }
  return value;
}

/** Admin SDK values → ours: Timestamp → Date and Buffer → Uint8Array, at any depth. */
export function fromFirestoreValue(value: unknown): unknown {
  if (value instanceof firestoreSdk().Timestamp) return value.toDate();
  if (Buffer.isBuffer(value)) return new Uint8Array(value);
  if (Array.isArray(value)) return value.map(fromFirestoreValue);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) out[key] = fromFirestoreValue(value[key]);
    return out;
  }
  return value;
}

const grpcCodes: Record<number, StoreErrorCode> = {
  1: 'aborted', // CANCELLED
  2: 'internal', // UNKNOWN
  3: 'invalid-argument',
  4: 'deadline-exceeded',
  5: 'not-found',
  6: 'already-exists',
  7: 'internal', // PERMISSION_DENIED: an IAM problem, not something callers can handle
  8: 'resource-exhausted',
  9: 'failed-precondition',
  10: 'aborted',
  11: 'invalid-argument', // OUT_OF_RANGE
  12: 'internal', // UNIMPLEMENTED
  13: 'internal',
  14: 'unavailable',
  15: 'internal', // DATA_LOSS
  16: 'internal', // UNAUTHENTICATED
  409: 'aborted', // the SDK's REST fallback reports contention as HTTP 409, which it also retries
};

/** True for errors the Firestore client raises from a server response (they carry a numeric gRPC code). */
export function isGrpcError(error: unknown): error is Error & { code: number } {
  return error instanceof Error && typeof (error as { code?: unknown }).code === 'number';
}

/**
 * Maps an error thrown by an SDK call: gRPC status → our code; a plain Error
 * is the SDK's own argument validation → invalid-argument.
 */
export function toStoreError(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  if (isGrpcError(error)) {
    return new StoreError(grpcCodes[error.code] ?? 'internal', error.message, { cause: error });
  }
  if (error instanceof Error) return new StoreError('invalid-argument', error.message, { cause: error });
  return new StoreError('internal', String(error), { cause: error });
}

/** Runs a synchronous SDK call, translating what it throws. */
export function sdk<R>(call: () => R): R {
  try {
    return call();
  } catch (error) {
    throw toStoreError(error);
  }
}

/** Awaits an SDK call, translating what it throws or rejects with. */
export async function sdkAsync<R>(call: () => Promise<R>): Promise<R> {
  try {
    return await call();
  } catch (error) {
    throw toStoreError(error);
  }
}

/**
 * Like sdkAsync, for reads inside a transaction callback: server (gRPC)
 * errors pass through untouched, because the admin SDK decides whether to
 * retry the transaction from their numeric code (ABORTED on contention, for
 * one); runTransaction translates whatever finally escapes.
 */
export async function sdkInTransaction<R>(call: () => Promise<R>): Promise<R> {
  try {
    return await call();
  } catch (error) {
    if (isGrpcError(error)) throw error;
    throw toStoreError(error);
  }
}
