/**
 * How both fakes deliver webhooks as the processors do at their worst: an
 * event whose delivery failed (a status outside 2xx, no answer, or no answer
 * in time) is sent again on the processor's schedule, compressed so three
 * days pass in about a minute on the local stack; and, when a test asks,
 * every event is delivered twice, or each pair of events in reverse order.
 */

/**
 * Stripe (live mode): retries with exponential backoff for up to three days.
 * Seconds between one attempt and the next: doubling from a minute, at most
 * twelve hours apart, 14 retries within 72 hours.
 */
export const STRIPE_RETRY_SCHEDULE: readonly number[] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 720, 720, 720, 720].map((minutes) => minutes * 60);

/** PayPal: up to 25 retries over three days; doubling from a minute, at most four hours apart (72¼ hours in all). */
export const PAYPAL_RETRY_SCHEDULE: readonly number[] = [1, 2, 4, 8, 16, 32, 64, 128, ...Array<number>(17).fill(240)].map((minutes) => minutes * 60);

/** Real seconds per scheduled second by default: an hour of the schedule takes a second, three days about 72 s. */
export const DEFAULT_TIME_SCALE = 1 / 3600;
/** How long a delivery may take before it counts as failed (Stripe and PayPal give up on a slow endpoint too). */
export const DEFAULT_DELIVERY_TIMEOUT_MS = 30_000;

export interface RedeliveryOptions {
  /** Seconds between attempts, in the processor's time (the first retry after the first entry). Empty: no retries. */
  schedule?: readonly number[];
  /** Real seconds per scheduled second (default FAKE_WEBHOOK_TIME_SCALE or 1/3600). */
  timeScale?: number;
  /** Real milliseconds a delivery may take (default FAKE_WEBHOOK_TIMEOUT_MS or 30 s: a cold function on a loaded machine is slow, not down). */
  timeoutMs?: number;
}

export interface DeliveryMode {
  /** Every automatic delivery is sent twice in a row (the same event id), as a processor sometimes does. */
  duplicate: boolean;
  /** Events are delivered in pairs, the newer first: each one waits for the next (or for idle, or this being switched off). */
  outOfOrder: boolean;
}

/** Options from the environment, for the local stack: FAKE_WEBHOOK_TIME_SCALE, FAKE_WEBHOOK_TIMEOUT_MS, FAKE_WEBHOOK_RETRIES=off. */
export function redeliveryFromEnv(env: NodeJS.ProcessEnv = process.env): RedeliveryOptions {
  const scale = Number(env.FAKE_WEBHOOK_TIME_SCALE);
  const timeout = Number(env.FAKE_WEBHOOK_TIMEOUT_MS);
  return {
    ...(env.FAKE_WEBHOOK_RETRIES === 'off' ? { schedule: [] } : {}),
    ...(scale > 0 ? { timeScale: scale } : {}),
    ...(timeout > 0 ? { timeoutMs: timeout } : {}),
  };
}

export interface DeliveryEngine<E extends { id: string }> {
  /** An event just emitted: its first attempt is queued, and failures are retried on the schedule. */
  send(event: E): void;
  /** One more attempt by hand (a control endpoint), queued like the rest; it does not change the schedule. */
  resend(event: E): Promise<number>;
  setMode(mode: Partial<DeliveryMode>): DeliveryMode;
  /** Every queued attempt made (a held event is let go first). */
  idle(): Promise<void>;
  /** Idle with no retry waiting either. */
  settled(): Promise<void>;
  /** Forgets every retry still waiting (a reset of the fake). */
  stop(): void;
}

const ok = (status: number) => status >= 200 && status < 300;

/**
 * post makes one attempt and answers the receiver's status (0 when it could
 * not be reached or took longer than the timeout, given as an AbortSignal).
 * One queue keeps first attempts in creation order; retries join it when due.
 */
export function createDeliveryEngine<E extends { id: string }>(
  post: (event: E, signal: AbortSignal) => Promise<number>,
  defaults: readonly number[],
  options: RedeliveryOptions = {},
): DeliveryEngine<E> {
  const fromEnv = redeliveryFromEnv();
  const schedule = options.schedule ?? fromEnv.schedule ?? defaults;
  const scale = options.timeScale ?? fromEnv.timeScale ?? DEFAULT_TIME_SCALE;
  const timeoutMs = options.timeoutMs ?? fromEnv.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const mode: DeliveryMode = { duplicate: false, outOfOrder: false };
  const timers = new Set<NodeJS.Timeout>();
  const waiting = new Set<() => void>();
  let queue: Promise<unknown> = Promise.resolve();
  let held: E | null = null;

  function attempt(event: E): Promise<number> {
    const result = queue.then(() => post(event, AbortSignal.timeout(timeoutMs)).catch(() => 0));
    queue = result;
    return result;
  }

  function wake() {
    if (timers.size > 0) return;
    for (const resolve of waiting) resolve();
    waiting.clear();
  }

  /** The retry after the `done`-th failed attempt, if the schedule has one. */
  function retryAfter(event: E, done: number) {
    const wait = schedule[done - 1];
    if (wait === undefined) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        void attempt(event).then((status) => {
          if (!ok(status)) retryAfter(event, done + 1);
          wake();
        });
      },
      wait * scale * 1000,
    );
    timer.unref();
    timers.add(timer);
  }

  function dispatch(event: E) {
    const first = attempt(event);
    if (mode.duplicate) void attempt(event);
    void first.then((status) => {
      if (!ok(status)) retryAfter(event, 1);
    });
  }

  function release() {
    const event = held;
    held = null;
    if (event) dispatch(event);
  }

  return {
    send(event) {
      if (!mode.outOfOrder) return dispatch(event);
      if (!held) {
        held = event;
        return;
      }
      // The newer one first, then the one that waited for it.
      const older = held;
      held = null;
      dispatch(event);
      dispatch(older);
    },
    resend: attempt,
    setMode(change) {
      Object.assign(mode, change);
      if (!mode.outOfOrder) release();
      return { ...mode };
    },
    async idle() {
      release();
      await queue;
    },
    async settled() {
      release();
      await queue;
      // A retry may be scheduled by the last attempt's answer: look again after it.
      await new Promise((resolve) => setImmediate(resolve));
      while (timers.size > 0) {
        await new Promise<void>((resolve) => waiting.add(resolve));
        await queue;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      held = null;
      wake();
    },
  };
}
