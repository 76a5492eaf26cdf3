import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { getDashboardDays } from '../../../src/data/repos/dashboard-days-repo';
import { computeDashboardDays, computeDay, refreshToday, SETTLE_DAYS, studioDayBounds } from '../../../src/services/dashboard/compute-dashboard-days';
import { freshenToday, TODAY_FRESH_MS, TODAY_RECOMPUTE_HOLD_MS } from '../../../src/services/dashboard/fresh-today';
import { periodOf, readDashboard } from '../../../src/services/dashboard/read-dashboard';
import { ADMIN_UID, seedScheduleCatalogue, setStudioZone } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';

/**
 * The dashboard's day figures and the period read (docs/admin "Dashboard"),
 * on the real local store. Documents are written directly with the fields the
 * figures use, so each rule is seen on its own.
 */
let env: TestEnv;
const TZ = 'America/Mexico_City';
beforeEach(async () => {
  env = testEnv();
  await seedScheduleCatalogue(env.store);
  await setStudioZone(env.store, TZ);
  // Tuesday 1 Dec 2026, 20:00 in Mexico City (UTC−6).
  env.clock.now = new Date('2026-12-02T02:00:00Z');
});
afterEach(async () => {
  await env.cleanup();
});

const at = (iso: string) => new Date(iso);
let nextReservation = 1;

async function put(path: string, data: Record<string, unknown>) {
  await env.store.doc(path).set(data);
}

async function classAt(id: number, start: string, extra: Record<string, unknown> = {}) {
  await put(`single_classes/${id}`, {
    single_class_id: id,
    class_date: at(start),
    duration_minutes: 60,
    capacity: 10,
    class_type_id: 1,
    location_id: 1,
    status: 'scheduled',
    ...extra,
  });
}

async function reservation(classId: number, extra: Record<string, unknown> = {}) {
  const id = nextReservation++;
  await put(`class_reservations/${id}`, {
    class_reservation_id: id,
    single_class_id: classId,
    customer_id: 2,
    attend: false,
    deletedAt: null,
    cancel_reason: null,
    ...extra,
  });
}

async function invoice(id: number, packageId: number, title: string, amount: number, createdAt: string, status = 'completed') {
  await put(`invoices/${id}`, {
    invoice_id: id,
    class_package: { class_package_id: packageId, title },
    title,
    total_payment: amount,
    status,
    createdAt: at(createdAt),
  });
}

async function lot(id: number, left: number, expires: string, status = 'active') {
  await put(`available_classes/${id}`, { available_class_id: id, available_classes: left, expiration_date: at(expires), status });
}

async function waitlist(id: number, classId: number, classDate: string, status: string) {
  await put(`waitlists/${id}`, { waitlist_id: id, single_class_id: classId, class_date: at(classDate), status });
}

/** Monday 30 Nov and Tuesday 1 Dec 2026 in Mexico City. */
async function twoDays() {
  // Mon 07:00 cycling (ended): 3 booked (2 attended), 1 cancelled by the customer, 1 released by a cancelled class elsewhere.
  await classAt(1, '2026-11-30T13:00:00Z');
  await reservation(1, { attend: true });
  await reservation(1, { attend: true });
  await reservation(1);
  await reservation(1, { deletedAt: at('2026-11-29T10:00:00Z'), cancel_reason: 'customer' });
  await reservation(1, { deletedAt: at('2026-11-29T10:00:00Z'), cancel_reason: 'cash-unpaid' });
  // Mon 07:00 yoga, cancelled by the studio: counts nowhere.
  await classAt(2, '2026-11-30T13:00:00Z', { class_type_id: 2, status: 'cancelled' });
  await reservation(2, { deletedAt: at('2026-11-30T08:00:00Z'), cancel_reason: 'class-cancelled' });
  // Mon 23:30 yoga (local): still Monday in the studio, Tuesday in UTC.
  await classAt(3, '2026-12-01T05:30:00Z', { class_type_id: 2, capacity: 4 });
  await reservation(3, { attend: true });
  // Tue 21:00 cycling: not ended at 20:00, its bookings are neither attended nor no-shows yet.
  await classAt(4, '2026-12-02T03:00:00Z');
  await reservation(4);
  await reservation(4);
  await waitlist(1, 1, '2026-11-30T13:00:00Z', 'promoted');
  await waitlist(2, 1, '2026-11-30T13:00:00Z', 'closed');
  await waitlist(3, 2, '2026-11-30T13:00:00Z', 'closed');
  // Sales: two on Monday (one failed renewal ignored), one on Tuesday.
  await invoice(1, 3, 'Paquete 5 Clases', 750, '2026-11-30T16:00:00Z');
  await invoice(2, 3, 'Paquete 5 Clases', 750.5, '2026-12-01T05:59:00Z');
  await invoice(3, 3, 'Paquete 5 Clases', 750, '2026-11-30T17:00:00Z', 'failed');
  await invoice(4, 7, 'Ilimitado', 1999, '2026-12-01T18:00:00Z');
  // Credits: 3 left on a lot that expired at the end of Monday; an unlimited, an empty and a revoked lot count nothing.
  await lot(1, 3, '2026-12-01T05:59:59.999Z');
  await lot(2, -1, '2026-12-01T05:59:59.999Z');
  await lot(3, 0, '2026-12-01T05:59:59.999Z');
  await lot(4, 5, '2026-12-01T05:59:59.999Z', 'revoked');
}

describe('studio days', () => {
  it('are bounded by the studio zone, not UTC, under the process zone of the test run', () => {
    const { start, end } = studioDayBounds('2026-11-30', TZ);
    expect(start.toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(end.toISOString()).toBe('2026-12-01T06:00:00.000Z');
    const tokyo = studioDayBounds('2026-11-30', 'Asia/Tokyo');
    expect(tokyo.start.toISOString()).toBe('2026-11-29T15:00:00.000Z');
  });

  it('defaults the period to the last 30 days; a start alone runs to today; an end alone starts 29 days before', () => {
    expect(periodOf({}, '2026-12-01')).toEqual({ from: '2026-11-02', to: '2026-12-01' });
    expect(periodOf({ start_date: '2026-11-20' }, '2026-12-01')).toEqual({ from: '2026-11-20', to: '2026-12-01' });
    expect(periodOf({ end_date: '2026-10-31' }, '2026-12-01')).toEqual({ from: '2026-10-02', to: '2026-10-31' });
    // A future `from` alone is a one-day period, never an inverted one.
    expect(periodOf({ start_date: '2027-01-05' }, '2026-12-01')).toEqual({ from: '2027-01-05', to: '2027-01-05' });
  });
});

describe("one day's figures", () => {
  it('counts the classes held that day, their bookings, cancellations, attendance, lines, sales and expired credits', async () => {
    await twoDays();
    const monday = await computeDay(env.deps, '2026-11-30', TZ);
    expect(monday).toMatchObject({
      day: '2026-11-30',
      classes: 2,
      capacity: 14,
      bookings: 4,
      cancellations: 1,
      attended: 3,
      no_shows: 1,
      waitlist_joins: 2,
      waitlist_promotions: 1,
      sales_count: 2,
      sales_amount: 1500.5,
      credits_expired: 3,
      final: false,
    });
    expect(monday.by_class_type).toEqual([
      { class_type_id: 1, classes: 1, capacity: 10, bookings: 3 },
      { class_type_id: 2, classes: 1, capacity: 4, bookings: 1 },
    ]);
    expect(monday.by_slot).toEqual([
      { slot: '07:00', classes: 1, capacity: 10, bookings: 3 },
      { slot: '23:30', classes: 1, capacity: 4, bookings: 1 },
    ]);
    expect(monday.by_package).toEqual([{ class_package_id: 3, title: 'Paquete 5 Clases', sales_count: 2, sales_amount: 1500.5 }]);

    const tuesday = await computeDay(env.deps, '2026-12-01', TZ);
    expect(tuesday).toMatchObject({ classes: 1, bookings: 2, attended: 0, no_shows: 0, sales_count: 1, sales_amount: 1999, credits_expired: 0 });
  });

  it('does not count credits of a lot expiring later today as expired yet', async () => {
    await lot(9, 4, '2026-12-02T05:59:59.999Z');
    expect((await computeDay(env.deps, '2026-12-01', TZ)).credits_expired).toBe(0);
    env.clock.now = new Date('2026-12-02T06:00:00Z');
    expect((await computeDay(env.deps, '2026-12-01', TZ)).credits_expired).toBe(4);
  });

  it('is final only when computed after the day settled', async () => {
    env.clock.now = new Date(studioDayBounds('2026-11-30', TZ).end.getTime() + SETTLE_DAYS * 86_400_000 - 1);
    expect((await computeDay(env.deps, '2026-11-30', TZ)).final).toBe(false);
    env.clock.now = new Date(env.clock.now.getTime() + 1);
    expect((await computeDay(env.deps, '2026-11-30', TZ)).final).toBe(true);
  });
});

describe('the job', () => {
  it('computes today and the recent days, then leaves settled days alone', async () => {
    await twoDays();
    const first = await computeDashboardDays(env.deps);
    expect(first.computed.slice(0, 2)).toEqual(['2026-12-01', '2026-11-30']);
    // A run an hour later: today again; Monday was computed after it ended and less than 6 h ago.
    env.clock.now = new Date(env.clock.now.getTime() + 3_600_000);
    expect((await computeDashboardDays(env.deps)).computed).toEqual(['2026-12-01']);
    // Four days later Monday has settled: computed once more, final, then never again.
    env.clock.now = new Date('2026-12-04T12:00:00Z');
    expect((await computeDashboardDays(env.deps)).computed).toContain('2026-11-30');
    expect((await getDashboardDays(env.store, ['2026-11-30'])).get('2026-11-30')?.final).toBe(true);
    env.clock.now = new Date('2026-12-04T19:00:00Z');
    expect((await computeDashboardDays(env.deps)).computed).not.toContain('2026-11-30');
  });

  it('backfills older days a batch per run, back to the first class or charge', async () => {
    await classAt(50, '2026-08-03T14:00:00Z');
    await reservation(50);
    const first = await computeDashboardDays(env.deps);
    expect(first.computed).toHaveLength(1 + 35 + 31);
    const runs = [first];
    while (runs.at(-1)?.computed.length !== 1) runs.push(await computeDashboardDays(env.deps));
    const days = runs.flatMap((run) => run.computed);
    expect(days).toContain('2026-08-03');
    expect(days).not.toContain('2026-08-02');
    expect((await getDashboardDays(env.store, ['2026-08-03'])).get('2026-08-03')?.bookings).toBe(1);
  });
});

describe('the period read', () => {
  it('sums the day documents, names class types, and marks days not computed', async () => {
    await twoDays();
    await computeDay(env.deps, '2026-11-30', TZ);
    await computeDay(env.deps, '2026-12-01', TZ);
    const dashboard = await readDashboard(env.deps, { start_date: '2026-11-29', end_date: '2026-12-01' });
    expect(dashboard.days.map((d) => [d.day, d.computed, d.bookings])).toEqual([
      ['2026-11-29', false, 0],
      ['2026-11-30', true, 4],
      ['2026-12-01', true, 2],
    ]);
    expect(dashboard.missing_days).toBe(1);
    expect(dashboard.totals).toMatchObject({ bookings: 6, capacity: 24, sales_count: 3, sales_amount: 3499.5, no_shows: 1, attended: 3 });
    expect(dashboard.no_show_rate).toBe(0.25);
    expect(dashboard.by_class_type).toEqual([
      { class_type_id: 1, name: 'Indoor Cycling', classes: 2, capacity: 20, bookings: 5, occupancy: 0.25 },
      { class_type_id: 2, name: 'Yoga Vinyasa', classes: 1, capacity: 4, bookings: 1, occupancy: 0.25 },
    ]);
    expect(dashboard.by_time_slot.map((s) => s.slot)).toEqual(['07:00', '21:00', '23:30']);
    expect(dashboard.by_package.map((p) => [p.title, p.sales_count, p.sales_amount])).toEqual([
      ['Ilimitado', 1, 1999],
      ['Paquete 5 Clases', 2, 1500.5],
    ]);
    expect(dashboard.updated_at).toBe(env.clock.now.toISOString());
  });

  it('reads one document per computed day, not the reservations behind them', async () => {
    await twoDays();
    await computeDay(env.deps, '2026-11-30', TZ);
    // Figures live in the day document: removing the sources does not change what the dashboard shows.
    const batch = env.store.batch();
    for (const doc of (await env.store.collection('class_reservations').get()).docs) batch.delete(env.store.doc(doc.path));
    await batch.commit();
    expect((await readDashboard(env.deps, { start_date: '2026-11-30', end_date: '2026-11-30' })).totals.bookings).toBe(4);
  });
});

describe("today's figures on read (ADR 0117)", () => {
  const TODAY = '2026-12-01';
  const later = (ms: number) => {
    env.clock.now = new Date(env.clock.now.getTime() + ms);
  };
  /** computeDay, counted; `gate` holds each computation until it is opened. */
  function countedCompute(gate?: Promise<void>) {
    const calls: string[] = [];
    const compute: typeof computeDay = async (deps, day, tz) => {
      calls.push(day);
      await gate;
      return computeDay(deps, day, tz);
    };
    return { calls, compute };
  }
  const todayBookings = async (query = {}) => (await readDashboard(env.deps, query)).days.find((d) => d.day === TODAY)?.bookings;

  it('recomputes stale figures once, then answers the stored ones while they are fresh', async () => {
    await twoDays();
    await computeDay(env.deps, TODAY, TZ);
    const counted = countedCompute();
    expect(await freshenToday(env.deps, TODAY, TZ, counted.compute)).toBe('fresh');
    later(TODAY_FRESH_MS);
    expect(await freshenToday(env.deps, TODAY, TZ, counted.compute)).toBe('recomputed');
    expect(await freshenToday(env.deps, TODAY, TZ, counted.compute)).toBe('fresh');
    expect(counted.calls).toEqual([TODAY]);
    expect((await getDashboardDays(env.store, [TODAY])).get(TODAY)?.computedAt).toEqual(env.clock.now);
  });

  it('computes a missing today on the first read', async () => {
    await twoDays();
    const counted = countedCompute();
    expect(await freshenToday(env.deps, TODAY, TZ, counted.compute)).toBe('recomputed');
    expect(counted.calls).toEqual([TODAY]);
  });

  it('computes once for two readers at the same moment; the other answers the stored figures', async () => {
    await twoDays();
    await computeDay(env.deps, TODAY, TZ);
    later(TODAY_FRESH_MS + 1);
    let open = () => {};
    const counted = countedCompute(new Promise<void>((resolve) => (open = resolve)));
    const first = freshenToday(env.deps, TODAY, TZ, counted.compute);
    const second = freshenToday(env.deps, TODAY, TZ, counted.compute);
    // The loser does not wait for the winner's computation.
    expect(await second).toBe('busy');
    open();
    expect(await first).toBe('recomputed');
    expect(counted.calls).toEqual([TODAY]);
    // Written figures end the hold: the next stale read computes again.
    later(TODAY_FRESH_MS);
    expect(await freshenToday(env.deps, TODAY, TZ, counted.compute)).toBe('recomputed');
  });

  it('takes today over from a reader that died mid-computation once its hold ran out', async () => {
    await twoDays();
    const dead = countedCompute(new Promise<void>(() => {}));
    void freshenToday(env.deps, TODAY, TZ, dead.compute);
    await expect.poll(() => dead.calls.length).toBe(1);
    const counted = countedCompute();
    expect(await freshenToday(env.deps, TODAY, TZ, counted.compute)).toBe('busy');
    later(TODAY_RECOMPUTE_HOLD_MS + 1);
    expect(await freshenToday(env.deps, TODAY, TZ, counted.compute)).toBe('recomputed');
  });

  it('answers the stored figures, not an error, when the computation fails', async () => {
    await twoDays();
    await computeDay(env.deps, TODAY, TZ);
    later(TODAY_FRESH_MS);
    const failing: typeof computeDay = () => Promise.reject(new Error('store down'));
    expect(await freshenToday(env.deps, TODAY, TZ, failing)).toBe('failed');
  });

  it('shows a booking of today on the next read once the figures are stale, and only for periods with today', async () => {
    await twoDays();
    expect(await todayBookings()).toBe(2);
    await reservation(4);
    // Within the freshness window: the stored figures, no reservation read.
    expect(await todayBookings()).toBe(2);
    later(TODAY_FRESH_MS);
    const computedBefore = (await getDashboardDays(env.store, [TODAY])).get(TODAY)?.computedAt;
    // A period without today leaves today alone.
    await readDashboard(env.deps, { start_date: '2026-11-01', end_date: '2026-11-30' });
    expect((await getDashboardDays(env.store, [TODAY])).get(TODAY)?.computedAt).toEqual(computedBefore);
    expect(await todayBookings()).toBe(3);
  });

  it("leaves 'Actualizar cifras de hoy' to its own once-a-minute rule: recomputes on read do not refuse it", async () => {
    await twoDays();
    expect(await freshenToday(env.deps, TODAY, TZ)).toBe('recomputed');
    await expect(refreshToday(env.deps)).resolves.toEqual({ updated_at: env.clock.now.toISOString() });
    later(TODAY_FRESH_MS);
    expect(await freshenToday(env.deps, TODAY, TZ)).toBe('recomputed');
    // The press is kept by the read's recompute: a second press within the minute is still refused.
    await expect(refreshToday(env.deps)).rejects.toMatchObject({ code: 'dashboard/refresh-too-soon' });
    later(60_000 - TODAY_FRESH_MS);
    await expect(refreshToday(env.deps)).resolves.toBeDefined();
    expect((await getDashboardDays(env.store, [TODAY])).get(TODAY)?.refreshingUntil).toBeUndefined();
  });
});

describe('HTTP', () => {
  const admin = `Bearer admin:${ADMIN_UID}`;

  it('answers admins only, checks the period, and refreshes today at most once a minute', async () => {
    const app = createApp(env.deps);
    expect((await request(app).get('/api/dashboard')).status).toBe(401);
    expect((await request(app).get('/api/dashboard').set('authorization', 'Bearer uid:ana')).status).toBe(403);
    expect((await request(app).post('/api/dashboard/refresh').set('authorization', 'Bearer uid:ana')).status).toBe(403);

    const inverted = await request(app).get('/api/dashboard?start_date=2026-12-01&end_date=2026-11-01').set('authorization', admin);
    expect(inverted.status).toBe(400);
    expect(inverted.body.error.fields.end_date).toBe('La fecha final no puede ser anterior a la inicial.');
    const tooLong = await request(app).get('/api/dashboard?start_date=2025-01-01&end_date=2026-12-01').set('authorization', admin);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.end_date).toBe('El periodo puede tener como máximo 366 días.');
    expect((await request(app).get('/api/dashboard?start_date=ayer').set('authorization', admin)).status).toBe(400);

    await twoDays();
    const refreshed = await request(app).post('/api/dashboard/refresh').set('authorization', admin);
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.updated_at).toBe(env.clock.now.toISOString());
    const again = await request(app).post('/api/dashboard/refresh').set('authorization', admin);
    expect(again.status).toBe(429);
    expect(again.body.error).toMatchObject({
      code: 'dashboard/refresh-too-soon',
      message: 'Las cifras de hoy se acaban de calcular; intenta de nuevo en un minuto.',
    });
    env.clock.now = new Date(env.clock.now.getTime() + 60_000);
    await expect(refreshToday(env.deps)).resolves.toBeDefined();

    const read = await request(app).get('/api/dashboard').set('authorization', admin);
    expect(read.status).toBe(200);
    expect(read.body.dashboard).toMatchObject({ from: '2026-11-02', to: '2026-12-01', timezone: TZ, missing_days: 29 });
    expect(read.body.dashboard.days.at(-1)).toMatchObject({ day: '2026-12-01', computed: true, bookings: 2 });
  });
});
