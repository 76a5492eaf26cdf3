import { useState } from 'react';

export interface SubmissionKey {
  /** The Idempotency-Key for sending `body`: the last one while the same body is sent again without an answer (a retry), else a new one. */
  keyFor(body: unknown): string;
  /** The submission got its answer: the next one is a new request with a new key. */
  settle(): void;
}

/**
 * Keys for a form's submissions (ADR 0101). A retry of a submission that got
 * no answer (a dropped connection, a timeout, a 503) reuses its key, so if the
 * server did the work the retry gets that answer instead of doing it twice;
 * any other submission gets a fresh key.
 */
export function submissionKey(newKey: () => string = () => crypto.randomUUID()): SubmissionKey {
  let pending: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (pending === null || pending.body !== text) pending = { body: text, key: newKey() };
      return pending.key;
    },
    settle() {
      pending = null;
    },
  };
}

/** One SubmissionKey for the component's life. */
export function useSubmissionKey(): SubmissionKey {
  const [keys] = useState(() => submissionKey());
  return keys;
}
