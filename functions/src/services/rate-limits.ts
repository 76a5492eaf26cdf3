import { createHash } from 'node:crypto';
import { messages } from '@studio/shared/messages';
import { getRateWindow, saveRateWindow } from '../data/repos/rate-limits-repo';
import type { Deps } from '../deps';
import { AppError } from '../http/app-error';

export interface RateRule {
  /** Names the bucket, e.g. 'phone-check'. */
  name: string;
  limit: number;
  windowMs: number;
}

export const rateRules = {
  phoneCheckPerIp: { name: 'phone-check-ip', limit: 20, windowMs: 60 * 60 * 1000 },
  recoverPerIp: { name: 'recover-ip', limit: 20, windowMs: 60 * 60 * 1000 },
  recoverPerEmail: { name: 'recover-email', limit: 3, windowMs: 60 * 60 * 1000 },
} as const satisfies Record<string, RateRule>;

/**
 * Counts one hit for `subject` (an IP, an e-mail) under `rule`, in a fixed
 * window shared by all function instances. Subjects are hashed so raw IPs and
 * e-mails are not stored. Throws 429 once the window is full.
 */
export async function consumeRateLimit(deps: Deps, rule: RateRule, subject: string): Promise<void> {
  const key = createHash('sha256').update(`${rule.name}:${subject}`).digest('hex').slice(0, 40);
  const now = deps.now();
  const count = await deps.store.runTransaction(async (tx) => {
    const current = await getRateWindow(deps.store, tx, key);
    const fresh = !current || now.getTime() - current.windowStart.getTime() >= rule.windowMs;
    const next = { count: fresh ? 1 : current.count + 1, windowStart: fresh ? now : current.windowStart };
    saveRateWindow(deps.store, tx, key, next, new Date(next.windowStart.getTime() + rule.windowMs));
    return next.count;
  });
  if (count > rule.limit) throw new AppError('rate-limited', 'http/rate-limited', messages.http.tooManyRequests);
}
