/**
 * npm run sim:year — issue 23's proof: a seeded studio through the local
 * stack exactly as deployed (Hosting → the API's function, Auth emulator
 * tokens, the trigger dispatcher, the scheduled jobs, the Stripe and PayPal
 * fakes), on the stack's clock (emulators/stack-control.ts), which the fakes
 * follow like Stripe's test clocks: renewals, trials ending, OXXO vouchers
 * expiring and purchases lapsing happen as time passes.
 *
 * Customers buy packs, monthly, quarterly and yearly memberships and trials
 * by card (new and saved), OXXO, PayPal and cash, with discount codes; book
 * (with guests), join waitlists, cancel, and cancel memberships. Staff take
 * cash, cancel classes, refund, revoke; the owner refunds and loses disputes
 * in the processors' dashboards. Now and then the API is killed (kill -9)
 * with a request in flight. It ends by auditing the books against the
 * processors' own record of the money and exits 1 on any violation.
 *
 *   SIM_CUSTOMERS (200), SIM_DAYS (365), SIM_SEED (2311), SIM_REPORT (.local/sim-year/report.json)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { studioDay } from '@studio/shared/format/dates';
import { getStore } from '../src/data/store/get-store';
import { auditBooks } from '../test/unit/sim/audit-books';
import type { SimCharge } from '../test/unit/sim/sim-processor';
import {
  Account,
  answers,
  api,
  clockNow,
  clockTo,
  confirmInBrowser,
  type Json,
  killApiDuring,
  type LedgerEntry,
  outside,
  oxxoVoucher,
  signIn,
} from './sim-year/stack-clients';

const CUSTOMERS = Number(process.env.SIM_CUSTOMERS ?? 200);
const DAYS = Number(process.env.SIM_DAYS ?? 365);
const SEED = Number(process.env.SIM_SEED ?? 2311);
const REPORT = process.env.SIM_REPORT ?? path.resolve('.local/sim-year/report.json');
const TZ = 'America/Mexico_City';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Two moments a studio day: 09:00 and 18:00 in Mexico City (UTC−6). */
const TICKS = [15 * HOUR, 24 * HOUR];
const GOOD_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000009995';
/** The seed's packages (emulators/seed/packages.ts). */
const PKG = { single: 2, five: 3, ten: 4, monthly: 5, quarterly: 6, trial: 7 } as const;

/** A small seeded generator (mulberry32): the same year every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(SEED);
const chance = (p: number) => rnd() < p;
const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(rnd() * list.length)];

type Kind = 'pack-card' | 'pack-cash' | 'pack-oxxo' | 'pack-paypal' | 'monthly-card' | 'yearly-card' | 'quarterly-paypal' | 'trial-card';
const KINDS: ReadonlyArray<[Kind, number]> = [
  ['pack-card', 0.22],
  ['pack-cash', 0.1],
  ['pack-oxxo', 0.08],
  ['pack-paypal', 0.1],
  ['monthly-card', 0.18],
  ['yearly-card', 0.05],
  ['quarterly-paypal', 0.07],
  ['trial-card', 0.2],
];

interface Person {
  n: number;
  account: Account;
  customerId: number;
  kind: Kind;
  usedWelcome: boolean;
  triedTrial: boolean;
  /** OXXO vouchers issued and not paid yet (PaymentIntent ids). */
  vouchers: string[];
}

const tally: Record<string, number> = {};
/** An answer as the tally counts it: the status, and the error's code for a refusal. */
const seen = (answer: { status: number; body: Json }) => {
  const code = (answer.body.error as Json | undefined)?.code;
  return typeof code === 'string' && answer.status >= 400 ? `${answer.status} ${code}` : String(answer.status);
};
const count = (what: string, n = 1) => {
  tally[what] = (tally[what] ?? 0) + n;
};

let admin: Account;
/** What the demo seed wrote before the simulation began. */
const seeded = { invoices: new Set<number>(), reservations: new Set<number>() };
let yearly = 0;
const classes = new Map<number, number>();

async function setUp(start: number): Promise<Person[]> {
  admin = await signIn('admin@estudiolatido.mx', 'Latido.Admin.2026');
  const store = getStore();
  for (const i of await all('invoices')) seeded.invoices.add(Number(i.invoice_id));
  for (const r of await all('class_reservations')) seeded.reservations.add(Number(r.class_reservation_id));
  const first = async (collection: string) => Number((await store.collection(collection).limit(1).get()).docs[0]?.id ?? 1);
  const [classType, location, instructor] = await Promise.all([first('class_types'), first('locations'), first('instructors')]);
  const created = await api('POST', '/api/class_packages', {
    token: await admin.bearer(),
    body: {
      title: 'Ilimitado Anual',
      price: 24000,
      class_amount: -1,
      expiration_days: 365,
      is_subscription: true,
      subscription_period: 'year',
      subscription_interval: 1,
      status: 'active',
    },
  });
  if (created.status !== 201 && created.status !== 200) throw new Error(`the yearly package: ${created.status} ${JSON.stringify(created.body)}`);
  yearly = Number((created.body.class_package as Json | undefined)?.class_package_id ?? created.body.class_package_id);
  // Two eight-place classes a day, 07:00 and 19:00, from tomorrow for a year and a week (two series).
  const firstDate = studioDay(new Date(start + DAY), TZ);
  for (const [startTime, count] of [
    ['07:00', 366],
    ['19:00', 366],
  ] as const) {
    const series = await api('POST', '/api/single_class/series', {
      token: await admin.bearer(),
      body: {
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        start_time: startTime,
        first_date: firstDate,
        count,
        duration_minutes: 60,
        capacity: 8,
        spot_map: null,
        class_type_id: classType,
        location_id: location,
        instructor_ids: [instructor],
      },
    });
    if (series.status !== 201) throw new Error(`a series: ${series.status} ${JSON.stringify(series.body)}`);
  }
  for (const doc of (await store.collection('single_classes').get()).docs) {
    const data = doc.data() as { single_class_id: number; class_date: Date };
    classes.set(data.single_class_id, data.class_date.getTime());
  }
  const people: Person[] = [];
  for (let n = 0; n < CUSTOMERS; n++) {
    const account = await Account.signUp(`sim.${SEED}.${n}@example.com`, 'Simulada.2026');
    const signup = await api('POST', '/api/customer/signup', {
      token: account.token,
      body: { uid: account.uid, name: `Sim${n}`, last_name: 'Anual', phone: String(5520000000 + n), accepted_pages: [1, 2] },
    });
    if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
    // Kinds spread by their shares, in a fixed order.
    const share = (n + 0.5) / CUSTOMERS;
    let kind: Kind = 'pack-card';
    let cumulative = 0;
    for (const [k, p] of KINDS) {
      cumulative += p;
      if (share <= cumulative) {
        kind = k;
        break;
      }
    }
    people.push({
      n,
      account,
      customerId: Number((signup.body.customer as Json).customer_id),
      kind,
      usedWelcome: false,
      triedTrial: false,
      vouchers: [],
    });
  }
  return people;
}

const idOf = (secret: unknown) => String(secret).split('_secret_')[0] ?? '';

/** A discount code now and then: the welcome code once per customer, the memberships' first-charge code. */
function codeFor(p: Person, packageId: number): string | undefined {
  if (packageId === PKG.monthly || packageId === PKG.quarterly) return chance(0.2) ? 'ILIMITADO20' : undefined;
  if (!p.usedWelcome && chance(0.25)) {
    p.usedWelcome = true;
    return 'BIENVENIDA15';
  }
  return undefined;
}

async function payByCard(p: Person, packageId: number): Promise<void> {
  const token = await p.account.bearer();
  const saved = ((await api('GET', '/api/payment_sources', { token })).body.payment_sources as Json[] | undefined) ?? [];
  const code = codeFor(p, packageId);
  const body: Json = { class_package_id: packageId, payment_method: 'card', ...(code ? { discountCode: code } : {}) };
  if (saved.length > 0 && chance(0.75)) {
    // A returning customer: the saved card, charged by the server; the retry of the same click reuses its key.
    const key = `sim-${p.n}-${Date.now()}-${Math.floor(rnd() * 1e9)}`;
    const paid = await api('POST', '/api/checkout/attempt', { token, key, body: { ...body, payment_source_id: saved[0]?.payment_source_id } });
    count(`checkout saved card ${seen(paid)}`);
    if (paid.status >= 500 || paid.status === 0) {
      const again = await api('POST', '/api/checkout/attempt', { token, key, body: { ...body, payment_source_id: saved[0]?.payment_source_id } });
      count(`checkout saved card retry ${seen(again)}`);
    }
    return;
  }
  const attempt = await api('POST', '/api/checkout/attempt', { token, body: { ...body, save_card: chance(0.7) } });
  count(`checkout card attempt ${seen(attempt)}`);
  if (attempt.status !== 201 || !attempt.body.clientSecret) return;
  if (chance(0.06)) return count('walked away before paying');
  const declined = chance(0.05);
  const confirmed = await confirmInBrowser(String(attempt.body.clientSecret), declined ? DECLINED_CARD : GOOD_CARD);
  count(declined ? 'card declined' : `card confirmed ${String(confirmed.status)}`);
  // After a decline, another method: cash at the desk.
  if (declined) await payCash(p, packageId === PKG.trial || packageId === PKG.monthly || packageId === yearly ? PKG.ten : packageId);
}

async function payCash(p: Person, packageId: number): Promise<void> {
  const answer = await api('POST', '/api/checkout/attempt', { token: await p.account.bearer(), body: { class_package_id: packageId, payment_method: 'cash' } });
  count(`checkout cash ${seen(answer)}`);
}

async function payOxxo(p: Person, packageId: number): Promise<void> {
  const attempt = await api('POST', '/api/checkout/attempt', {
    token: await p.account.bearer(),
    body: { class_package_id: packageId, payment_method: 'oxxo' },
  });
  count(`checkout oxxo ${seen(attempt)}`);
  if (attempt.status !== 201 || !attempt.body.clientSecret) return;
  const voucher = await oxxoVoucher(String(attempt.body.clientSecret), `Sim${p.n} Anual`, p.account.email);
  if (voucher.status === 'requires_action') p.vouchers.push(idOf(attempt.body.clientSecret));
}

async function payPayPal(p: Person, packageId: number): Promise<void> {
  const token = await p.account.bearer();
  const created = await api('POST', '/api/checkout/paypal', { token, body: { class_package_id: packageId } });
  count(`checkout paypal ${seen(created)}`);
  if (created.status !== 201) return;
  if (created.body.subscriptionID) {
    const approved = await outside.approvePayPalSubscription(String(created.body.subscriptionID));
    count(`paypal subscription approved ${seen(approved)}`);
    return;
  }
  if (chance(0.05)) return count('paypal buyer closed the window');
  await outside.approvePayPalOrder(String(created.body.orderID));
  const captured = await api('POST', '/api/checkout/capture', { token, body: { orderID: created.body.orderID } });
  count(`paypal capture ${seen(captured)}`);
}

async function buy(p: Person): Promise<void> {
  const pack = chance(0.5) ? PKG.ten : chance(0.6) ? PKG.five : PKG.single;
  if (p.kind === 'trial-card' && !p.triedTrial) {
    p.triedTrial = true;
    return payByCard(p, PKG.trial);
  }
  switch (p.kind) {
    case 'pack-cash':
      return payCash(p, pack);
    case 'pack-oxxo':
      return payOxxo(p, pack);
    case 'pack-paypal':
      return payPayPal(p, pack);
    case 'quarterly-paypal':
      return payPayPal(p, PKG.quarterly);
    case 'monthly-card':
    case 'trial-card':
      return payByCard(p, PKG.monthly);
    case 'yearly-card':
      return payByCard(p, yearly);
    default:
      return payByCard(p, pack);
  }
}

async function act(p: Person, now: number): Promise<void> {
  const token = await p.account.bearer();
  const purchases = ((await api('GET', '/api/purchases', { token })).body.purchases as Json[] | undefined) ?? [];
  const live = purchases.filter((x) => x.status === 'active' || x.status === 'pending');
  const credits = JSON.stringify((await api('GET', '/api/available_classes', { token })).body);
  const usable = credits.includes('"usable":true');
  if (live.length === 0 && (!usable || chance(0.15))) await buy(p);
  const subscription = live.find((x) => x.status === 'active' && (x.class_package as Json | undefined)?.is_subscription);
  if (subscription && chance(p.kind === 'trial-card' ? 0.3 : 0.03)) {
    const cancelled = await api('POST', `/api/purchases/cancel/${String(subscription.purchase_id)}`, {
      token,
      body: { reason: 'Simulación: me cambio de estudio' },
    });
    count(`membership cancelled ${seen(cancelled)}`);
  }
  // A class in the next six days; sometimes with a guest; full → the waitlist.
  const soon = [...classes.entries()].filter(([, at]) => at > now && at < now + 6 * DAY).map(([id]) => id);
  const id = pick(soon);
  if (id === undefined) return;
  const guest = chance(0.08) ? { guest: `Invitada de Sim${p.n}` } : {};
  const booked = await api('POST', '/api/class_reservations', { token, body: { single_class_id: id, ...guest } });
  count(`booking ${seen(booked)}`);
  if (booked.status === 409 && chance(0.4)) {
    const joined = await api('POST', '/api/waitlist', { token, body: { single_class_id: id } });
    count(`waitlist ${seen(joined)}`);
  }
  const reservation = (booked.body.class_reservation as Json | undefined)?.class_reservation_id;
  if (booked.status === 201 && reservation !== undefined && chance(0.15)) {
    const gone = await api('DELETE', `/api/class_reservations/${String(reservation)}`, { token });
    count(`booking cancelled ${seen(gone)}`);
  }
}

type Doc = Record<string, unknown>;
const all = async (collection: string) => (await getStore().collection(collection).get()).docs.map((d) => d.data() as Doc);

/** Disputes opened in the Stripe dashboard, closed a week later. */
const openDisputes: Array<{ id: string; closeAt: number }> = [];

async function staff(now: number): Promise<void> {
  const token = await admin.bearer();
  const purchases = await all('purchases');
  // The desk takes most cash; some never arrives and lapses.
  for (const purchase of purchases.filter((x) => x.status === 'pending' && x.checkout_method === 'cash')) {
    if (!chance(0.6)) continue;
    const confirmed = await api('PUT', `/api/purchases/${String(purchase.purchase_id)}/confirm`, { token });
    count(`cash confirmed ${seen(confirmed)}`);
  }
  if (chance(0.1)) {
    const id = pick([...classes.entries()].filter(([, at]) => at > now + HOUR && at < now + 5 * DAY).map(([c]) => c));
    if (id !== undefined) {
      const cancel = () => api('POST', `/api/single_class/${id}/cancel`, { token, body: { reason: 'Simulación: instructora enferma' } });
      if (chance(0.5)) {
        const { result, killed } = await killApiDuring(cancel, Math.floor(rnd() * 40));
        count(`class cancelled under kill -9 ${seen(result)}`);
        count('api killed', killed);
      } else count(`class cancelled ${seen(await cancel())}`);
    }
  }
  const invoices = await all('invoices');
  const paidBy = (method: string) => invoices.filter((i) => i.status === 'completed' && i.checkout_method === method && typeof i.provider_ref === 'string');
  if (chance(0.05)) {
    const target = pick(purchases.filter((x) => (x.status === 'completed' || x.status === 'active') && x.checkout_method !== 'cash'));
    if (target) {
      const partial = chance(0.4) ? { amount: Math.max(1, Math.floor(Number(target.total_payment ?? 0) / 2)) } : {};
      const key = `sim-refund-${String(target.purchase_id)}-${Math.floor(rnd() * 1e9)}`;
      const body = { ...partial, remove_credits: chance(0.5), reason: 'Simulación' };
      const refunded = await api('POST', `/api/purchases/${String(target.purchase_id)}/refund`, { token, key, body });
      count(`staff refund ${seen(refunded)}`);
      // The same click again (a double click, a retried request): the same answer, nothing refunded twice.
      const again = await api('POST', `/api/purchases/${String(target.purchase_id)}/refund`, { token, key, body });
      count(`staff refund repeated ${seen(again)}`);
    }
  }
  if (chance(0.04)) {
    const target = pick(purchases.filter((x) => x.status === 'active' && (x.class_package as Doc | undefined)?.is_subscription));
    if (target) {
      const revoked = await api('PUT', '/api/customer/revokeAccess', {
        token,
        body: { purchase_id: target.purchase_id, when: chance(0.5) ? 'now' : 'period_end' },
      });
      count(`revoke ${seen(revoked)}`);
    }
  }
  if (chance(0.03)) {
    const invoice = pick(paidBy('card').filter((i) => String(i.provider_ref).startsWith('pi_')));
    if (invoice) count(`dashboard refund ${seen(await outside.stripeRefund(String(invoice.provider_ref)))}`);
  }
  if (chance(0.02)) {
    const invoice = pick(paidBy('card').filter((i) => String(i.provider_ref).startsWith('pi_')));
    if (invoice) {
      const opened = await outside.stripeDispute(String(invoice.provider_ref));
      count(`dispute opened ${seen(opened)}`);
      if (opened.status === 200) openDisputes.push({ id: String(opened.body.id), closeAt: now + 7 * DAY });
    }
  }
  for (const dispute of openDisputes.filter((d) => d.closeAt <= now)) {
    openDisputes.splice(openDisputes.indexOf(dispute), 1);
    count(`dispute closed ${seen(await outside.closeDispute(dispute.id, chance(0.6) ? 'lost' : 'won'))}`);
  }
  if (chance(0.03)) {
    const invoice = pick(paidBy('paypal').filter((i) => !String(i.provider_ref).startsWith('I-')));
    if (invoice) count(`paypal dashboard refund ${seen(await outside.paypalRefund(String(invoice.provider_ref)))}`);
  }
}

async function payVouchers(people: readonly Person[]): Promise<void> {
  for (const p of people) {
    for (const id of [...p.vouchers]) {
      // Most pay within a day or two; some never do and the voucher expires.
      if (chance(0.03)) p.vouchers.splice(p.vouchers.indexOf(id), 1);
      else if (chance(0.4)) {
        p.vouchers.splice(p.vouchers.indexOf(id), 1);
        count(`oxxo paid at the store ${seen(await outside.payOxxo(id))}`);
      }
    }
  }
}

function asCharges(entries: readonly LedgerEntry[]): SimCharge[] {
  return entries.map((e) => ({
    id: e.id,
    purchaseId: Number(e.metadata.purchase_id ?? e.metadata.custom_id ?? 0),
    amountCents: e.amount_cents,
    // A lost dispute takes the money back, as a refund does.
    refundedCents: e.disputed === 'lost' ? e.amount_cents : e.refunded_cents,
    at: new Date(e.at),
    kind: e.kind,
  }));
}

/**
 * E-mails per event, exactly one each: every invoice (a receipt, a renewal,
 * a failed renewal), every booking (booked or promoted from the waitlist)
 * and every cancellation of one (by the customer or with its class).
 */
async function mailsPerEvent(): Promise<{ events: number; missing: string[]; repeated: string[] }> {
  const expected = new Map<string, number>();
  for (const i of await all('invoices')) if (!seeded.invoices.has(Number(i.invoice_id))) expected.set(`invoice ${String(i.invoice_id)}`, 0);
  for (const r of await all('class_reservations')) {
    // The seed writes its records before the stack's triggers run: they never had an e-mail.
    if (seeded.reservations.has(Number(r.class_reservation_id))) continue;
    expected.set(`booking ${String(r.class_reservation_id)}`, 0);
    if (r.deletedAt) expected.set(`cancellation ${String(r.class_reservation_id)}`, 0);
  }
  const eventOf = (mail: Doc): string | null => {
    const ref = mail.reference as { type: string; id: number } | undefined;
    if (ref?.type === 'invoice') return `invoice ${ref.id}`;
    if (ref?.type !== 'class_reservation') return null;
    return mail.kind === 'booked' || mail.kind === 'promoted' ? `booking ${ref.id}` : `cancellation ${ref.id}`;
  };
  for (const mail of await all('mail')) {
    const event = eventOf(mail);
    if (event !== null) expected.set(event, (expected.get(event) ?? 0) + 1);
  }
  return {
    events: expected.size,
    missing: [...expected.entries()].filter(([, n]) => n === 0).map(([event]) => event),
    repeated: [...expected.entries()].filter(([, n]) => n > 1).map(([event, n]) => `${event} ×${n}`),
  };
}

/** No class over capacity, nobody twice in one class. */
async function placesKept(): Promise<{ overbooked: string[]; doubleBooked: string[] }> {
  const reservations = (await all('class_reservations')).filter((r) => !r.deletedAt);
  const capacity = new Map((await all('single_classes')).map((c) => [Number(c.single_class_id), Number(c.capacity)]));
  const perClass = new Map<number, number>();
  const perCustomer = new Map<string, number>();
  for (const r of reservations) {
    perClass.set(Number(r.single_class_id), (perClass.get(Number(r.single_class_id)) ?? 0) + 1);
    if (!r.guest) {
      const key = `${String(r.customer_id)}@${String(r.single_class_id)}`;
      perCustomer.set(key, (perCustomer.get(key) ?? 0) + 1);
    }
  }
  return {
    overbooked: [...perClass.entries()].filter(([id, n]) => n > (capacity.get(id) ?? Infinity)).map(([id, n]) => `class ${id}: ${n} > ${capacity.get(id)}`),
    doubleBooked: [...perCustomer.entries()].filter(([, n]) => n > 1).map(([key, n]) => `${key} ×${n}`),
  };
}

async function main(): Promise<number> {
  const began = Date.now();
  const start = await clockNow();
  const people = await setUp(start);
  const firstDay = Date.parse(`${studioDay(new Date(start), 'UTC')}T00:00:00Z`) + DAY;
  console.log(`[sim] ${people.length} customers, ${classes.size} classes, ${DAYS} days from ${new Date(firstDay).toISOString().slice(0, 10)}`);
  for (let day = 0; day < DAYS; day++) {
    for (const [tick, offset] of TICKS.entries()) {
      const now = firstDay + day * DAY + offset;
      await clockTo(now);
      if (tick === 0) await staff(now);
      await payVouchers(people);
      for (const p of people) {
        if (!chance(0.09)) continue;
        // Now and then the API dies with this customer's request in flight.
        if (chance(0.01)) {
          const { killed } = await killApiDuring(() => act(p, now), Math.floor(rnd() * 30));
          count('api killed', killed);
        } else await act(p, now);
      }
    }
    if (day % 30 === 29) {
      const minutes = ((Date.now() - began) / 60_000).toFixed(1);
      console.log(`[sim] day ${day + 1}: ${answers.total} requests, ${minutes} min, ${JSON.stringify(Object.fromEntries(answers.byStatus))}`);
    }
  }
  // The year is over: what is in flight arrives (Stripe retries for three days), every job runs again.
  const end = firstDay + DAYS * DAY;
  for (let d = 1; d <= 4; d++) await clockTo(end + d * DAY);

  const [stripeLedger, paypalLedger] = [await outside.stripeLedger(), await outside.paypalLedger()];
  const charges = [...asCharges(stripeLedger), ...asCharges(paypalLedger)];
  const byKind = (entries: readonly LedgerEntry[]) => ({
    payments: entries.filter((e) => e.kind === 'payment').length,
    renewals: entries.filter((e) => e.kind === 'renewal').length,
    refunded: entries.filter((e) => e.refunded_cents > 0).length,
    disputesLost: entries.filter((e) => e.disputed === 'lost').length,
  });
  const books = await auditBooks(getStore(), charges, TZ);
  const mails = await mailsPerEvent();
  const places = await placesKept();
  const violations = {
    chargesWithoutGrant: books.chargesWithoutGrant,
    chargesGrantedTwice: books.chargesGrantedTwice,
    grantsWithoutCharge: books.grantsWithoutCharge,
    chargesAfterEnd: books.chargesAfterEnd,
    bookingsOnInvalidLots: books.bookingsOnInvalidLots,
    ledgerMismatches: books.ledgerMismatches,
    halfDoneCancellations: books.halfDoneCancellations,
    mailsMissing: mails.missing,
    mailsRepeated: mails.repeated,
    overbooked: places.overbooked,
    doubleBooked: places.doubleBooked,
    unexplained5xx: answers.unexplained5xx,
  };
  const report = {
    customers: people.length,
    days: DAYS,
    minutes: Math.round((Date.now() - began) / 60_000),
    requests: answers.total,
    answers: Object.fromEntries([...answers.byStatus.entries()].sort(([a], [b]) => a - b)),
    killedInFlight: answers.killedInFlight,
    charges: books.charges,
    grants: books.grants,
    stripe: byKind(stripeLedger),
    paypal: byKind(paypalLedger),
    mailedEvents: mails.events,
    moneyPerMonth: books.moneyPerMonth,
    moneyTotal: Object.values(books.moneyPerMonth).reduce((a, b) => a + b, 0),
    violations: Object.fromEntries(Object.entries(violations).map(([k, v]) => [k, v.length])),
    tally: Object.fromEntries(Object.entries(tally).sort()),
    details: Object.fromEntries(Object.entries(violations).filter(([, v]) => v.length > 0)),
  };
  mkdirSync(path.dirname(REPORT), { recursive: true });
  writeFileSync(REPORT, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify({ ...report, details: undefined }, null, 1));
  const failed = Object.values(violations).some((v) => v.length > 0);
  console.log(failed ? `[sim] VIOLATIONS: see ${REPORT}` : `[sim] the books balance (report: ${REPORT})`);
  await getStore().close();
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
