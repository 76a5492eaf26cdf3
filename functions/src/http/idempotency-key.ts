import { messages } from '@studio/shared/messages';
import type { Request, Response } from 'express';
import { AppError } from '../domain/errors';
import { IDEMPOTENCY_KEY_PATTERN, type IdempotentAnswer, type IdempotentCall } from '../services/idempotency';
import { identityOf } from './request-context';

/**
 * The idempotent call a request makes (ADR 0101): its caller, the route, the
 * `Idempotency-Key` header (Stripe's name) and the validated body. No header:
 * no key. A malformed one (or two of them, which Express joins with a comma)
 * is a 400 before any work.
 */
export function idempotentCall(req: Request, route: string): IdempotentCall {
  const header = req.headers['idempotency-key'];
  const key = typeof header === 'string' ? header : undefined;
  if (header !== undefined && (key === undefined || !IDEMPOTENCY_KEY_PATTERN.test(key))) {
    throw new AppError('invalid', 'idempotency/invalid-key', messages.http.idempotencyKeyFormat);
  }
  return { uid: identityOf(req).uid, route, key: key ?? null, request: req.body as unknown };
}

/** Sends an answer; a replayed one says so in `Idempotent-Replayed` (as Stripe does), with the first status and body. */
export function sendIdempotent(res: Response, answer: IdempotentAnswer<unknown> & { replayed: boolean }): void {
  if (answer.replayed) res.set('Idempotent-Replayed', 'true');
  res.status(answer.status).json(answer.body);
}
