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

const HOUR = 60 * 60 * 1000;

export const rateRules = {
  phoneCheckPerIp: { name: 'phone-check-ip', limit: 20, windowMs: HOUR },
  /** A ceiling for the whole studio, in case client addresses are spread or spoofed. */
  phoneCheckGlobal: { name: 'phone-check-all', limit: 2000, windowMs: HOUR },
  recoverPerIp: { name: 'recover-ip', limit: 20, windowMs: HOUR },
  recoverPerEmail: { name: 'recover-email', limit: 3, windowMs: HOUR },
  /** Changing one's phone also says whether the new one is taken: limit it like the anonymous check. */
  phoneChangePerUser: { name: 'phone-change-user', limit: 5, windowMs: 24 * HOUR },
} as const satisfies Record<string, RateRule>;

/**
 * Counts one hit for `subject` (an IP, an e-mail) under `rule`, in a fixed
 * window shared by all function instances. Subjects are hashed so raw IPs and
 * e-mails are not stored. Throws 429 once the window is full.
 */
export async function consumeRateLimit(deps: Deps, rule: RateRule, subject: string): Promise<void> {
  if (!(await tryConsumeRateLimit(deps, rule, subject))) throw new AppError('rate-limited', 'http/rate-limited', messages.http.tooManyRequests);
}

/** Like consumeRateLimit, but answers false instead of throwing once the window is full. */
export async function tryConsumeRateLimit(deps: Deps, rule: RateRule, subject: string): Promise<boolean> {
  const key = createHash('sha256').update(`${rule.name}:${subject}`).digest('hex').slice(0, 40);
  const now = deps.now();
  const count = await deps.store.runTransaction(async (tx) => {
    const current = await getRateWindow(deps.store, tx, key);
    const fresh = !current || now.getTime() - current.windowStart.getTime() >= rule.windowMs;
    const next = { count: fresh ? 1 : current.count + 1, windowStart: fresh ? now : current.windowStart };
    saveRateWindow(deps.store, tx, key, next, new Date(next.windowStart.getTime() + rule.windowMs));
    return next.count;
  });
  return count <= rule.limit;
}
