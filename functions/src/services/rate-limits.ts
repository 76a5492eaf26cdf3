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

/**
 * Per-address rules count a client network (clientAddressOf: an IPv4 address,
 * an IPv6 /64). The studio-wide `…Global` ceilings never refuse anyone: past
 * one, an alert is logged and the per-address limits of that path are halved
 * (consumeAddressLimit), so spreading over many addresses cannot close the
 * door on a fresh visitor.
 */
export const rateRules = {
  phoneCheckPerIp: { name: 'phone-check-ip', limit: 20, windowMs: HOUR },
  phoneCheckGlobal: { name: 'phone-check-all', limit: 2000, windowMs: HOUR, studioWide: true },
  recoverPerIp: { name: 'recover-ip', limit: 20, windowMs: HOUR },
  recoverGlobal: { name: 'recover-all', limit: 500, windowMs: HOUR, studioWide: true },
  recoverPerEmail: { name: 'recover-email', limit: 3, windowMs: HOUR },
  /** Sign-up answers "that phone is taken" (409), so it is limited like the phone check, before the lookup. */
  signUpPerUser: { name: 'signup-user', limit: 5, windowMs: HOUR },
  // Generous: carrier-grade NAT puts many phones behind one IPv4 address; the per-identity limit is the tight one.
  signUpPerIp: { name: 'signup-ip', limit: 100, windowMs: HOUR },
  signUpGlobal: { name: 'signup-all', limit: 1000, windowMs: HOUR, studioWide: true },
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

/** clientNetwork() of 127.0.0.1 (and ::ffff:127.0.0.1) and of ::1. */
const LOOPBACK_NETWORKS: ReadonlySet<string> = new Set(['127.0.0.1', '0:0:0:0::/64']);

/**
 * Whether per-address limits count this address: loopback and the emulator
 * only happen on the local stack (its suites and benchmark sign up hundreds
 * from one machine); deployed, the address is the client's public one.
 */
export const countsAddress = (deps: Deps, address: string): boolean => !deps.localStack && !LOOPBACK_NETWORKS.has(address);

/**
 * A per-address limit under a studio-wide ceiling. The ceiling is counted
 * first; past it, an alert line is logged (`[alert] rate-ceiling`, severity
 * ALERT, for a log-based alert policy) and the address gets half its usual
 * limit. Throws 429 only when the address itself is over.
 */
export async function consumeAddressLimit(deps: Deps, perAddress: RateRule, ceiling: RateRule, address: string): Promise<void> {
  if (!countsAddress(deps, address)) return;
  const hits = await countStudioWideHit(deps, ceiling);
  const tightened = hits > ceiling.limit;
  if (tightened) {
    console.error(
      JSON.stringify({
        severity: 'ALERT',
        message: `[alert] rate-ceiling ${ceiling.name}`,
        rule: ceiling.name,
        hits,
        limit: ceiling.limit,
        windowMs: ceiling.windowMs,
      }),
    );
  }
  const limit = tightened ? Math.floor(perAddress.limit / 2) : perAddress.limit;
  await consumeRateLimit(deps, { ...perAddress, limit }, address);
}

/** Like consumeRateLimit, but answers false instead of throwing once the window is full. */
export async function tryConsumeRateLimit(deps: Deps, rule: RateRule, subject: string): Promise<boolean> {
  if (rule.studioWide) return (await countStudioWideHit(deps, rule)) <= rule.limit;
  return (await takeRateHit(deps, rule, subject)).allowed;
}

/** A hit counted in a per-subject window, which its caller may give back (takeRateHit). */
export interface RateHit {
  /** False once the window was already full: the caller refuses. */
  allowed: boolean;
  /** Uncounts the hit, in the window it was counted in (nothing when that window has ended since). */
  giveBack(): Promise<void>;
}

const windowKey = (rule: RateRule, subject: string) => createHash('sha256').update(`${rule.name}:${subject}`).digest('hex').slice(0, 40);

/**
 * Counts one hit for `subject` under a per-subject `rule`, and lets the caller
 * give it back once it knows the hit should not count (a discount code that
 * turned out valid). Counting first and giving back after is what keeps a
 * burst honest: every racing request holds its hit while it is evaluated, so
 * no more than `limit` of them are ever let through at once.
 */
export async function takeRateHit(deps: Deps, rule: RateRule, subject: string): Promise<RateHit> {
  const key = windowKey(rule, subject);
  const now = deps.now();
  const taken = await deps.store.runTransaction(async (tx) => {
    const current = await getRateWindow(deps.store, tx, key);
    const fresh = !current || now.getTime() - current.windowStart.getTime() >= rule.windowMs;
    const next = { count: fresh ? 1 : current.count + 1, windowStart: fresh ? now : current.windowStart };
    saveRateWindow(deps.store, tx, key, next, new Date(next.windowStart.getTime() + rule.windowMs));
    return next;
  });
  const giveBack = () =>
    deps.store.runTransaction(async (tx) => {
      const current = await getRateWindow(deps.store, tx, key);
      if (!current || current.windowStart.getTime() !== taken.windowStart.getTime() || current.count <= 0) return;
      saveRateWindow(deps.store, tx, key, { ...current, count: current.count - 1 }, new Date(current.windowStart.getTime() + rule.windowMs));
    });
  return { allowed: taken.count <= rule.limit, giveBack };
}

/**
 * A studio-wide window as a sliding window of hit documents: record this hit,
 * then count the rule's hits of the last `windowMs`, this one included. Hit
 * i (in commit order) counts at least i hits, so at most `limit` hits of any
 * window are under the limit, however many race; a hit over it is recorded
 * too (a rush keeps the window full). Nothing is read and rewritten, so
 * concurrent hits never contend on a document.
 */
async function countStudioWideHit(deps: Deps, rule: RateRule): Promise<number> {
  const now = deps.now();
  await recordRateHit(deps.store, rule.name, now, randomUUID(), new Date(now.getTime() + rule.windowMs));
  return countRateHits(deps.store, rule.name, new Date(now.getTime() - rule.windowMs + 1));
}
