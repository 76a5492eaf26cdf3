import { createHash, randomUUID } from 'node:crypto';
import { messages } from '@studio/shared/messages';
import { countRateHits, getRateWindow, recordRateHit, saveRateWindow } from '../data/repos/rate-limits-repo';
import type { Deps } from '../deps';
import { AppError } from '../domain/errors';

export interface RateRule {
  /** Names the bucket, e.g. 'phone-check'. */
  name: string;
  limit: number;
  windowMs: number;
  /**
   * A limit for the whole studio rather than per subject. Such a window is hit
   * by everyone at once (every sign-up's phone check), so it is not one
   * counter document: each hit is its own document and the hits of the last
   * `windowMs` are counted (ADR 0009).
   */
  studioWide?: boolean;
}

const HOUR = 60 * 60 * 1000;

export const rateRules = {
  phoneCheckPerIp: { name: 'phone-check-ip', limit: 20, windowMs: HOUR },
  /** A ceiling for the whole studio, in case client addresses are spread or spoofed. */
  phoneCheckGlobal: { name: 'phone-check-all', limit: 2000, windowMs: HOUR, studioWide: true },
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
  if (rule.studioWide) return tryConsumeStudioWide(deps, rule);
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

/**
 * A studio-wide limit as a sliding window of hit documents: record this hit,
 * then count the rule's hits of the last `windowMs`, this one included. Hit
 * i (in commit order) counts at least i hits, so at most `limit` hits of any
 * window are allowed, however many race; a refused hit is recorded too, as a
 * refused request counted in the window before (sweeping keeps the window
 * full). Nothing is read and rewritten, so concurrent hits never contend.
 */
async function tryConsumeStudioWide(deps: Deps, rule: RateRule): Promise<boolean> {
  const now = deps.now();
  await recordRateHit(deps.store, rule.name, now, randomUUID(), new Date(now.getTime() + rule.windowMs));
  const hits = await countRateHits(deps.store, rule.name, new Date(now.getTime() - rule.windowMs + 1));
  return hits <= rule.limit;
}
