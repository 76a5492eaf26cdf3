/**
 * The time the payment fakes live in. Both fakes take a `clock` option
 * (milliseconds since the epoch; `set` lets the control endpoints and
 * Stripe's test clocks move it); without one, each fake keeps real time plus
 * an offset that `set` changes. Everything a fake stamps (created fields,
 * event times, voucher expiries, billing dates) reads the fake's timeline;
 * only the webhook retry timers, the OAuth token lifetimes and Stripe's
 * signature timestamp (the receiver's SDK checks it against its own clock)
 * keep real time.
 */

export interface FakeClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Moves the clock (absent: the clock is driven from outside the fake). */
  set?(ms: number): void;
}

/** Real time plus a settable offset: the fakes' default clock. Share one between fakes to give them one time. */
export function offsetClock(): Required<FakeClock> {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    set(ms) {
      offset = ms - Date.now();
    },
  };
}

/**
 * A fake's view of the clock. While billDue plays what fell due at some
 * earlier instant (a period that ended while time jumped), `now()` answers
 * that instant, so what it records is stamped when it happened, as under
 * Stripe's test clocks.
 */
export interface Timeline {
  readonly clock: FakeClock;
  now(): number;
  /** Runs `work` with `now()` answering `ms`. */
  at<T>(ms: number, work: () => T): T;
}

export function createTimeline(clock: FakeClock = offsetClock()): Timeline {
  let pinned: number | null = null;
  return {
    clock,
    now: () => pinned ?? clock.now(),
    at(ms, work) {
      const before = pinned;
      pinned = ms;
      try {
        return work();
      } finally {
        pinned = before;
      }
    },
  };
}

/** What one billDue did: renewal charges that went through, renewal charges that failed, subscriptions that ended. */
export interface BillingCounts {
  renewed: number;
  failed: number;
  ended: number;
}

/** Something a fake does when its time comes (a period ends, a retry, a voucher's expiry); it answers what to count. */
export interface DueWork {
  /** Milliseconds since the epoch. */
  at: number;
  run(): Array<keyof BillingCounts>;
}

/**
 * billDue's loop, the same for both fakes: the earliest work due by the
 * clock's time is played at its own instant (so several periods are billed in
 * turn when time jumped), and `collect` is asked again, since what was played
 * may have made more work due (the next period, a retry), until none is left.
 */
export function playDue(time: Timeline, collect: () => DueWork[]): BillingCounts {
  const counts: BillingCounts = { renewed: 0, failed: 0, ended: 0 };
  for (;;) {
    const now = time.clock.now();
    let next: DueWork | undefined;
    for (const work of collect()) if (work.at <= now && (!next || work.at < next.at)) next = work;
    if (!next) return counts;
    const work = next;
    for (const counted of time.at(work.at, () => work.run())) counts[counted] += 1;
  }
}

/**
 * The body of `POST /_control/clock {to?}`: the instant to move to, or null to
 * bill at the current time. Refuses what is not an instant, a clock driven from
 * outside (no set), and going back (billed periods cannot be unbilled).
 */
export function readClockTarget(clock: FakeClock, to: unknown): { to: number | null } | { error: string } {
  if (to === undefined || to === null) return { to: null };
  if (typeof to !== 'number' || !Number.isFinite(to)) return { error: 'to must be a time in milliseconds since the epoch.' };
  if (!clock.set) return { error: "This fake's clock is driven from outside (its clock option has no set): move that clock, then POST /_control/clock {}." };
  const now = clock.now();
  if (to < now)
    return { error: `to (${new Date(to).toISOString()}) is before the fake's time (${new Date(now).toISOString()}): its clock only moves forward.` };
  return { to };
}

/**
 * `count` months after `ms` (UTC), keeping the day of the month where the month
 * has it and its last day where it does not, as the processors bill: 31 Jan →
 * 28 Feb (29 in a leap year), never 3 Mar. Counted from an anchor each time
 * (k × count), it gives Stripe's anniversaries: 31 Jan → 28 Feb → 31 Mar.
 */
export function addMonthsKeepingDay(ms: number, count: number): number {
  const date = new Date(ms);
  const day = date.getUTCDate();
  const target = new Date(ms);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.getTime();
}
