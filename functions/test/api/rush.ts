/**
 * A class-release rush through the deployed shape (Hosting → function, Auth
 * emulator tokens): customers created and given credits through the API, a
 * class created by the admin, then everyone books it. Shared by
 * booking-rush.test.ts and `npm run bench:booking` (functions/scripts/bench-booking.ts).
 *
 * In flight: the Functions emulator starts a new worker process (~100 MB,
 * about a second of CPU) for every request that finds no idle worker, with no
 * upper bound, and Hosting gives up on a request after 60 s (504). Hundreds of
 * requests at once on a 2-core machine therefore measure process start-up,
 * not booking (and can exhaust memory). So requests are sent from `inFlight`
 * lanes: every request still races the others for the seats, across as many
 * worker processes as there are lanes.
 */
import { studioDay } from '@studio/shared/format/dates';
import { api, type ApiResponse, newIdentity, uniquePhone } from './support';

export interface RushCustomer {
  uid: string;
  token: string;
  customerId: number;
}

export interface RushAnswer {
  customer: RushCustomer;
  status: number;
  code: string | null;
  reservationId: number | null;
  /** ms from sending the request to its answer. */
  ms: number;
  /** performance.now() when the answer arrived. */
  endedAt: number;
}

/** Runs `work` over `items`, at most `lanes` at a time, keeping the order of `items` in the result. */
export async function inLanes<T, R>(items: readonly T[], lanes: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T, i);
    }
  }
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  return results;
}

/** The request, again while the API answers 503 (contention: nothing was written) or the emulator drops it (5xx without a body). */
async function withRetry<T>(send: () => Promise<ApiResponse<T>>, what: string): Promise<ApiResponse<T>> {
  for (let attempt = 1; ; attempt++) {
    const response = await send();
    if (response.status < 500 || attempt === 5) {
      if (response.status >= 400) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
      return response;
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}

/**
 * Signs the identity up, again after a 5xx. On a busy machine the emulator
 * can answer 5xx after the customer was written; the next try then meets
 * 409 `customer/already-registered`, which means the first one landed, so
 * the customer is read back rather than counted as a failure.
 */
async function signUpOnce(identity: { uid: string; token: string }): Promise<number> {
  const body = { uid: identity.uid, name: 'Prisa', last_name: 'Cliente', phone: uniquePhone(), accepted_pages: [1, 2] };
  for (let attempt = 1; ; attempt++) {
    const response = await api<{ customer?: { customer_id: number }; error?: { code: string } }>('POST', '/api/customer/signup', {
      token: identity.token,
      body,
    });
    if (response.status < 400 && response.body.customer) return response.body.customer.customer_id;
    if (attempt > 1 && response.status === 409 && response.body.error?.code === 'customer/already-registered') {
      const me = await withRetry(() => api<{ customer: { customer_id: number } }>('GET', '/api/customer', { token: identity.token }), 'read back');
      return me.body.customer.customer_id;
    }
    if (response.status < 500 || attempt === 5) throw new Error(`signup: ${response.status} ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}

/**
 * `count` signed-in customers with one credit each: Auth emulator accounts
 * (real ID tokens), POST /api/customer/signup (rush-safe, in lanes) and one
 * credit each through POST /api/available_classes (admin). Grants are sent
 * one at a time: a grant takes its lot id from the `available_classes`
 * counter (an admin path, ADR 0009), so parallel grants would only retry.
 */
export interface SetupTimings {
  /** ms to create the Auth emulator accounts (25 at a time). */
  authMs: number;
  /** ms for the customer sign-ups (in lanes). */
  signupMs: number;
  /** ms for the credit grants (one at a time). */
  grantMs: number;
}

export async function rushCustomers(adminToken: string, count: number, lanes: number, timings?: SetupTimings): Promise<RushCustomer[]> {
  let mark = performance.now();
  const lap = (key: keyof SetupTimings) => {
    const now = performance.now();
    if (timings) timings[key] = now - mark;
    mark = now;
  };
  const identities = await inLanes(Array.from({ length: count }), 25, () => newIdentity());
  lap('authMs');
  const customers = await inLanes(identities, lanes, async (identity) => {
    const customerId = await signUpOnce(identity);
    // The studio's required profile question, answered as the web asks it before a first booking (ADR 0118).
    await withRetry(
      () => api('PUT', '/api/customer/custom_values', { token: identity.token, body: { values: { emergency_contact: 'Mamá 5512345678' } } }),
      'intake',
    );
    return { uid: identity.uid, token: identity.token, customerId };
  });
  lap('signupMs');
  for (const customer of customers) {
    // One key for every try: a grant whose answer was lost (a 5xx from a busy
    // emulator after the write) is answered again, not granted twice (ADR 0101).
    const key = `rush-grant-${customer.uid}`;
    await withRetry(
      () =>
        api('POST', '/api/available_classes', {
          token: adminToken,
          headers: { 'idempotency-key': key },
          body: { customer_id: customer.customerId, available_classes: 1, reason: 'prueba de reservaciones simultáneas' },
        }),
      'grant',
    );
  }
  lap('grantMs');
  return customers;
}

/**
 * A new class without a spot map on a random day of 2029 at a random minute:
 * far from the weeks other API and e2e tests list (they count the classes of
 * next week), and reruns on a kept store never collide. Bookings are open
 * until a class starts (reservation_timeframe_* 0 by default).
 */
export async function createRushClass(adminToken: string, capacity: number): Promise<number> {
  const date = studioDay(new Date(Date.UTC(2029, 0, 1, 18) + Math.floor(Math.random() * 365) * 86_400_000));
  const minute = 6 * 60 + Math.floor(Math.random() * 15 * 60);
  const start_time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  const created = await withRetry(
    () =>
      api<{ single_class: { single_class_id: number } }>('POST', '/api/single_class', {
        token: adminToken,
        body: { date, start_time, duration_minutes: 50, class_type_id: 2, location_id: 1, instructor_ids: [3], capacity, spot_map: null },
      }),
    'create class',
  );
  return created.body.single_class.single_class_id;
}

/** Every customer books the class once, from `lanes` lanes; answers in the customers' order. */
export async function rush(customers: readonly RushCustomer[], classId: number, lanes: number): Promise<RushAnswer[]> {
  return inLanes(customers, lanes, async (customer) => {
    const started = performance.now();
    const response = await api<{ class_reservation?: { class_reservation_id: number }; error?: { code: string } }>('POST', '/api/class_reservations', {
      token: customer.token,
      body: { single_class_id: classId },
    });
    const body = response.body && typeof response.body === 'object' ? response.body : {};
    return {
      customer,
      status: response.status,
      code: body.error?.code ?? null,
      reservationId: body.class_reservation?.class_reservation_id ?? null,
      ms: performance.now() - started,
      endedAt: performance.now(),
    };
  });
}

/** The credits a customer has left, as they see them (GET /api/available_classes). */
export async function creditsLeft(customer: RushCustomer): Promise<number> {
  const response = await withRetry(
    () => api<{ available_classes: Array<{ available_classes: number }> }>('GET', '/api/available_classes', { token: customer.token }),
    'credits',
  );
  return response.body.available_classes.reduce((sum, lot) => sum + lot.available_classes, 0);
}

/** Sleeps until just after the next wall-clock second: the meter keeps per-second rows. */
export async function nextSecond(): Promise<Date> {
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
  return new Date();
}
