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
