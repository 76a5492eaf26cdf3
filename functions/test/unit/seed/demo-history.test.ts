/**
 * The demo studio's 90 days of history (emulators/seed/history.ts, ADR 0120):
 * written through the services on a fresh seeded store, it leaves bookings and
 * purchases across the days (subscriptions billed by card that renew and are
 * cancelled, PayPal, guests, a discount code), every demo customer's ledger explained by its
 * entries, the dashboard's days computed with figures, nothing booked ahead
 * of now, and the same history on every run.
 */
import { studioDay } from '@studio/shared/format/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistoryReport, seedHistory } from '../../../../emulators/seed/history';
import { loadSeedData } from '../../../../emulators/seed/load-seed';
import type { AvailableClassDoc, LedgerEntryDoc } from '../../../src/data/repos/credits-repo';
import type { DiscountDoc } from '../../../src/data/repos/discounts-repo';
import type { InvoiceDoc } from '../../../src/data/repos/invoices-repo';
import type { PurchaseDoc } from '../../../src/data/repos/purchases-repo';
import type { ClassReservationDoc } from '../../../src/data/repos/reservations-repo';
import type { SingleClassDoc } from '../../../src/data/repos/single-classes-repo';
import { getCustomerLedger } from '../../../src/services/access/customer-ledger';
import { http } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

const NOW = new Date('2026-11-26T17:30:00Z'); // a Thursday, 11:30 in Mexico City
const TZ = 'America/Mexico_City';
const DAY = 24 * 60 * 60 * 1000;

const all = async <T>(env: TestEnv, collection: string) => (await env.store.collection(collection).get()).docs.map((d) => d.data() as unknown as T);

/** A fresh seeded store with `days` of history. */
async function historyOf(days: number, customers?: number): Promise<{ env: TestEnv; report: HistoryReport }> {
  const env = testEnv();
  env.clock.now = new Date(NOW);
  await loadSeedData(env.store, NOW);
  const report = await seedHistory(env.store, NOW, { days, ...(customers === undefined ? {} : { customers }) });
  return { env, report };
}

describe('the demo history', () => {
  let env: TestEnv;
  let report: HistoryReport;
  // Thousands of service transactions on SQLite: tens of seconds on a loaded machine; the timeout is a hang guard, not a budget.
  beforeAll(async () => {
    ({ env, report } = await historyOf(90));
    console.log(`[demo history] ${JSON.stringify(report)}`);
  }, 600_000);
  afterAll(async () => {
    await env?.cleanup();
  });

  it('books, attends and sells across the 90 days, by cash, card and OXXO', async () => {
    expect(report.customers).toBeGreaterThanOrEqual(30);
    expect(report.customers).toBeLessThanOrEqual(60);
    const reservations = await all<ClassReservationDoc>(env, 'class_reservations');
    const classes = new Map((await all<SingleClassDoc>(env, 'single_classes')).map((c) => [c.single_class_id, c]));
    const demo = reservations.filter((r) => r.uid.startsWith('demo-customer-'));
    expect(demo.length).toBe(report.bookings + report.promoted);
    const days = new Set(demo.map((r) => studioDay((classes.get(r.single_class_id) as SingleClassDoc).class_date, TZ)));
    // Every day with a class from the first to yesterday has bookings.
    expect(days.size).toBeGreaterThanOrEqual(85);
    const oldest = Math.min(...demo.map((r) => (classes.get(r.single_class_id) as SingleClassDoc).class_date.getTime()));
    expect(NOW.getTime() - oldest).toBeGreaterThan(88 * DAY);
    // The past only: no demo customer holds a place in a class that has not ended.
    for (const r of demo) expect((classes.get(r.single_class_id) as SingleClassDoc).class_date.getTime()).toBeLessThan(NOW.getTime());
    expect(report.attended).toBeGreaterThan(report.noShows);
    expect(report.noShows).toBeGreaterThan(0);
    expect(report.cancellations).toBeGreaterThan(0);
    expect(report.waitlisted).toBeGreaterThan(0);
    expect(report.promoted).toBeGreaterThan(0);
    expect(report.occupancy).toBeGreaterThanOrEqual(55);
    expect(report.occupancy).toBeLessThanOrEqual(90);

    const purchases = (await all<PurchaseDoc>(env, 'purchases')).filter((p) => p.uid.startsWith('demo-customer-'));
    const methods = new Set(purchases.filter((p) => p.status === 'completed').map((p) => p.checkout_method));
    expect(methods).toEqual(new Set(['free', 'cash', 'card', 'oxxo', 'paypal', null]));
    expect(purchases.filter((p) => p.status === 'pending')).toEqual([]);
    const invoices = await all<{ createdAt: Date }>(env, 'invoices');
    expect(invoices.length).toBeGreaterThan(50);
    const lots = (await all<AvailableClassDoc>(env, 'available_classes')).filter((l) => l.uid.startsWith('demo-customer-'));
    expect(lots.filter((l) => l.expiration_date !== null && l.expiration_date < NOW && l.available_classes > 0).length).toBeGreaterThan(0);
  });

  it('renews subscriptions billed by card through the invoice webhook, and a cancelled one is not renewed after its cancel', async () => {
    const purchases = (await all<PurchaseDoc>(env, 'purchases')).filter((p) => p.uid.startsWith('demo-customer-'));
    const subscriptions = purchases.filter((p) => p.class_package.is_subscription && p.checkout_method === 'card');
    expect(subscriptions.length).toBe(report.purchases.subscription);
    expect(subscriptions.length).toBeGreaterThanOrEqual(3);
    for (const s of subscriptions) {
      expect(s.subscription_id).toBe(`sub_demo_${s.purchase_id}`);
      expect(s.provider_ref).toBe(`pi_demo_${s.purchase_id}`);
    }
    const invoices = await all<InvoiceDoc>(env, 'invoices');
    const lots = await all<AvailableClassDoc>(env, 'available_classes');
    const renewalsOf = (id: number) => invoices.filter((i) => i.purchase_id === id && i.billing_reason === 'renewal');
    const renewals = subscriptions.flatMap((s) => renewalsOf(s.purchase_id));
    expect(renewals.length).toBe(report.renewals);
    expect(renewals.length).toBeGreaterThanOrEqual(3);
    for (const s of subscriptions) {
      const own = renewalsOf(s.purchase_id).sort((a, b) => +a.createdAt - +b.createdAt);
      // Each renewal is the processor's paid invoice, granted once: a lot of the purchase per period (the first payment's and each renewal's).
      expect(own.map((i) => [i.status, i.provider_ref, i.total_payment])).toEqual(
        own.map((_, n) => ['completed', `in_demo_${s.purchase_id}_${n + 1}`, s.renewal_amount ?? s.subtotal]),
      );
      expect(lots.filter((l) => l.purchase_id === s.purchase_id)).toHaveLength(own.length + 1);
      // A month apart, from a month after the first payment.
      own.forEach((invoice, n) => {
        const months =
          (invoice.createdAt.getUTCFullYear() - (s.paid_at as Date).getUTCFullYear()) * 12 +
          invoice.createdAt.getUTCMonth() -
          (s.paid_at as Date).getUTCMonth();
        expect(months, `renewal ${n + 1} of purchase ${s.purchase_id}`).toBe(n + 1);
      });
    }
    expect(subscriptions.some((s) => renewalsOf(s.purchase_id).length >= 2)).toBe(true);
    const cancelled = subscriptions.filter((s) => s.status === 'cancelled');
    expect(cancelled.length).toBe(report.subscriptionsCancelled);
    expect(cancelled.length).toBeGreaterThanOrEqual(1);
    for (const s of cancelled) {
      expect(s.cancel_reason).toBe('Prefiero un paquete de clases');
      const cancelledAt = s.cancelledAt as Date;
      expect(renewalsOf(s.purchase_id).length).toBeGreaterThanOrEqual(1);
      expect(renewalsOf(s.purchase_id).filter((i) => i.createdAt > cancelledAt)).toEqual([]);
      // The period paid before the cancel is kept to its end, and nothing of the purchase runs past it.
      const last = lots
        .filter((l) => l.purchase_id === s.purchase_id)
        .sort((a, b) => +(a.expiration_date as Date) - +(b.expiration_date as Date))
        .at(-1);
      expect(last?.expiration_date?.getTime()).toBeGreaterThan(cancelledAt.getTime());
      expect(last?.expiration_date?.getTime()).toBeLessThan(cancelledAt.getTime() + 31 * DAY);
    }
    // At least one ran out before now: its customer went on with packs.
    const ranOut = cancelled.filter((s) => lots.filter((l) => l.purchase_id === s.purchase_id).every((l) => (l.expiration_date as Date) < NOW));
    expect(ranOut.length).toBeGreaterThanOrEqual(1);
    for (const s of ranOut)
      expect(purchases.some((p) => p.uid === s.uid && p.createdAt > (s.cancelledAt as Date) && [3, 4].includes(p.class_package_id))).toBe(true);
    expect(subscriptions.filter((s) => s.status === 'active').length).toBeGreaterThanOrEqual(1);
  });

  it('sells through PayPal, books guests and applies the studio’s discount code', async () => {
    const purchases = (await all<PurchaseDoc>(env, 'purchases')).filter((p) => p.uid.startsWith('demo-customer-'));
    const paypal = purchases.filter((p) => p.checkout_method === 'paypal');
    expect(paypal.length).toBe(report.purchases.paypal);
    expect(paypal.length).toBeGreaterThanOrEqual(5);
    for (const p of paypal) {
      expect(p.status).toBe('completed');
      expect(p.provider_ref).toBe(`DEMO-CAPTURE-${p.purchase_id}`);
    }
    const grants = (await env.store.collection('payment_grants').get()).docs.map((d) => d.id);
    for (const p of paypal) expect(grants).toContain(`paypal~DEMO-CAPTURE-${p.purchase_id}`);

    const reservations = (await all<ClassReservationDoc>(env, 'class_reservations')).filter((r) => r.uid.startsWith('demo-customer-'));
    const guests = reservations.filter((r) => r.guest !== null);
    expect(guests.length).toBe(report.guests);
    expect(guests.length).toBeGreaterThanOrEqual(10);
    // Each guest came with their host, to the same class.
    for (const g of guests) expect(reservations.some((r) => r.guest === null && r.uid === g.uid && r.single_class_id === g.single_class_id)).toBe(true);

    const [promo] = (await all<DiscountDoc>(env, 'discounts')).filter((d) => d.code === 'LATIDO10');
    expect(promo?.is_percent).toBe(true);
    const discounted = purchases.filter((p) => p.discount?.code === 'LATIDO10');
    expect(discounted.length).toBe(report.discounted);
    expect(discounted.length).toBeGreaterThanOrEqual(5);
    for (const p of discounted) {
      expect([3, 4]).toContain(p.class_package_id);
      expect(p.status).toBe('completed');
      expect(p.discount?.amount).toBeCloseTo(p.subtotal * 0.1, 2);
      expect(p.total_payment).toBeCloseTo(p.subtotal - (p.discount?.amount ?? 0), 2);
    }
    expect(new Set(discounted.map((p) => p.checkout_method)).size).toBeGreaterThanOrEqual(2);
  });

  it('keeps every demo customer’s ledger: each lot is its entries’ sum, and the balance is the sum over the lots', async () => {
    const lots = await all<AvailableClassDoc>(env, 'available_classes');
    const entries = await all<LedgerEntryDoc>(env, 'credit_ledger');
    for (const lot of lots) {
      const own = entries.filter((e) => e.available_class_id === lot.available_class_id);
      expect(
        own.filter((e) => e.kind === 'grant'),
        `lot ${lot.available_class_id} has one grant`,
      ).toHaveLength(1);
      if (lot.available_classes === -1) {
        expect(own.every((e) => e.delta === 0 && e.unlimited)).toBe(true);
      } else {
        expect(
          own.reduce((s, e) => s + e.delta, 0),
          `lot ${lot.available_class_id}`,
        ).toBe(lot.available_classes);
        expect(lot.available_classes).toBeGreaterThanOrEqual(0);
      }
    }
    const demoIds = [...new Set(lots.filter((l) => l.uid.startsWith('demo-customer-')).map((l) => l.customer_id))];
    expect(demoIds.length).toBeGreaterThanOrEqual(30);
    env.clock.now = new Date(NOW);
    for (const customerId of demoIds) {
      const finite = lots.filter((l) => l.customer_id === customerId && l.available_classes !== -1).reduce((s, l) => s + l.available_classes, 0);
      const ledger = await getCustomerLedger(env.deps, customerId);
      expect(ledger.balance.ledger_total, `customer ${customerId}`).toBe(finite);
      expect(ledger.balance.lots_total, `customer ${customerId}`).toBe(finite);
    }
    // A spent credit is a booking: each demo reservation that took a class from a finite lot has its 'book' entry.
    const books = entries.filter((e) => e.kind === 'book' && e.uid.startsWith('demo-customer-'));
    expect(books.length).toBeGreaterThan(report.bookings / 2);
  });

  it('computes the dashboard’s days, with figures, back to the first day of history', async () => {
    const docs = await all<{ day: string; final: boolean } & Record<string, unknown>>(env, 'dashboard_days');
    expect(docs.length).toBeGreaterThanOrEqual(90);
    expect(report.dashboardDays).toBe(docs.length);
    const numbers = (doc: Record<string, unknown>): number[] =>
      Object.values(doc).flatMap((v) =>
        typeof v === 'number' ? [v] : v && typeof v === 'object' && !(v instanceof Date) ? numbers(v as Record<string, unknown>) : [],
      );
    const withFigures = docs.filter((d) => numbers(d).some((n) => n > 0));
    expect(withFigures.length).toBeGreaterThanOrEqual(85);
    expect(docs.filter((d) => d.final).length).toBeGreaterThanOrEqual(85);
  });

  it('shows the Tablero with figures for the 90 days, and a demo customer with a ledger', async () => {
    const answer = await http(env).get('/api/dashboard?start_date=2026-08-28&end_date=2026-11-25').set('authorization', 'Bearer admin:seed-admin-valeria');
    expect(answer.status).toBe(200);
    const { dashboard } = answer.body;
    expect(dashboard.missing_days).toBe(0);
    const { totals } = dashboard;
    for (const figure of [
      'classes',
      'bookings',
      'cancellations',
      'attended',
      'no_shows',
      'waitlist_joins',
      'waitlist_promotions',
      'sales_count',
      'credits_expired',
    ]) {
      expect(totals[figure], figure).toBeGreaterThan(0);
    }
    expect(totals.sales_amount).toBeGreaterThan(10_000);
    expect(totals.bookings / totals.capacity).toBeGreaterThan(0.55);
    expect(dashboard.by_package.length).toBeGreaterThanOrEqual(3);
    const ledger = await http(env).get('/api/customer/admin/4/ledger').set('authorization', 'Bearer admin:seed-admin-valeria');
    expect(ledger.status).toBe(200);
    expect(ledger.body.entries.length).toBeGreaterThan(3);
    expect(ledger.body.balance.ledger_total).toBe(ledger.body.balance.lots_total);
  });

  it('writes the same history on every run (a smaller one, twice)', async () => {
    const runs = [await historyOf(12, 20), await historyOf(12, 20)];
    try {
      const shape = async ({ env: e, report: r }: (typeof runs)[number]) => ({
        report: { ...r, ms: 0, phases: {} },
        reservations: (await all<ClassReservationDoc>(e, 'class_reservations')).map((x) => [
          x.class_reservation_id,
          x.uid,
          x.single_class_id,
          x.deletedAt?.getTime() ?? null,
        ]),
        entries: (await all<LedgerEntryDoc>(e, 'credit_ledger')).length,
        purchases: (await all<PurchaseDoc>(e, 'purchases')).map((p) => [p.purchase_id, p.uid, p.status, p.checkout_method]),
      });
      const [a, b] = [await shape(runs[0] as (typeof runs)[number]), await shape(runs[1] as (typeof runs)[number])];
      expect(a.report.bookings).toBeGreaterThan(0);
      expect(b).toEqual(a);
    } finally {
      for (const run of runs) await run.env.cleanup();
    }
  }, 600_000);
});
