/**
 * 90 days of the demo studio's past (issue 25, ADR 0120): regulars buy
 * packages (cash at the desk, card, OXXO, PayPal, the free first class, a
 * discount code while it runs, monthly memberships at the desk or as a
 * subscription billed by card that renews and is sometimes cancelled), book
 * the weekly timetable (now and then with a guest), queue on full classes and
 * get promoted when someone cancels, cancel, attend or miss their classes, and
 * let lots expire; then the dashboard's days are computed by the scheduled
 * job's own code. Everything goes through the domain services on a clock that
 * walks those days, so the ledgers, counters and invariants are the ones the
 * API keeps (docs/credits); only the customers' profiles are written as the
 * seed writes its own (they have no sign-in: nobody logs in as them).
 *
 * Deterministic: a seeded generator and a clock that only moves forward, so
 * every fresh start writes the same history. Written only by an interactive
 * `npm start` on a freshly seeded store (emulators/start.ts): the test stacks
 * count things and skip it.
 */
import { studioDay, studioWallTimeToInstant, studioWeekStart } from '@studio/shared/format/dates';
import type { VerifiedIdentity } from '../../functions/src/data/auth/auth-gateway';
import { allocateId } from '../../functions/src/data/repos/counters-repo';
import { listLotsOfCustomer } from '../../functions/src/data/repos/credits-repo';
import { createCustomer, recordAcceptedPage } from '../../functions/src/data/repos/customers-repo';
import { listActiveReservationsOfClass } from '../../functions/src/data/repos/reservations-repo';
import { listSingleClassesBetween, type SingleClassDoc } from '../../functions/src/data/repos/single-classes-repo';
import type { DocumentStore } from '../../functions/src/data/store/types';
import type { Deps } from '../../functions/src/deps';
import { AppError } from '../../functions/src/domain/errors';
import { giveAccess } from '../../functions/src/services/access/give-access';
import { updateConfig } from '../../functions/src/services/app-config';
import { checkIn, setAttendance } from '../../functions/src/services/booking/attendance';
import { bookClass } from '../../functions/src/services/booking/book-class';
import { cancelOwnReservation } from '../../functions/src/services/booking/cancel-reservation';
import { recountBooked } from '../../functions/src/services/booking/count-booked';
import { lotToSpend } from '../../functions/src/services/booking/rules';
import { studioTimezone } from '../../functions/src/services/credits/expiry';
import { isUnlimited } from '../../functions/src/services/credits/ledger';
import { buildSearchTerms } from '../../functions/src/services/customers/search-terms';
import { computeDashboardDays } from '../../functions/src/services/dashboard/compute-dashboard-days';
import { createDiscountFromInput } from '../../functions/src/services/discounts/manage-discounts';
import { attemptCheckout } from '../../functions/src/services/purchases/attempt-checkout';
import { cancelOwnPurchase } from '../../functions/src/services/purchases/cancel-own-purchase';
import { confirmCashPurchase } from '../../functions/src/services/purchases/confirm-cash-purchase';
import { receivePayPalNotice } from '../../functions/src/services/purchases/handle-paypal-notice';
import { receiveCardNotice } from '../../functions/src/services/purchases/receive-card-notice';
import { RECONCILE_GRACE_MS, reconcilePayments } from '../../functions/src/services/purchases/reconcile-payments';
import { capturePayPalOrder, startPayPalOrder } from '../../functions/src/services/purchases/start-paypal-order';
import { addDays, daysFromTo, studioWallClock } from '../../functions/src/services/schedule/calendar';
import { createClass } from '../../functions/src/services/schedule/create-class';
import { closeDueWaitlists } from '../../functions/src/services/waitlist/close-waitlists';
import { joinWaitlist } from '../../functions/src/services/waitlist/join-waitlist';
import { promoteWaitlist } from '../../functions/src/services/waitlist/promote-waitlist';
import { pages } from './core';
import { FIRST_CLASS_PACKAGE, FIRST_NAMES, LAST_NAMES, type Payment, PAYMENTS, type Plan, PLAN_PACKAGE, PLANS, PROMO, SIGNUP_REASONS } from './history-people';
import { demoCardProcessor, demoPayPalProcessor } from './history-processors';

export interface HistoryOptions {
  /** Days of history before today (default 90). */
  days?: number;
  /** Regulars (default 48). */
  customers?: number;
  /** The generator's seed (default 2511). */
  seed?: number;
}

/** What was written, for the stack's log line and the tests. */
export interface HistoryReport {
  days: number;
  customers: number;
  classes: number;
  /** Places booked, a guest's included. */
  bookings: number;
  /** Bookings that brought a guest (+1): each is two of `bookings`. */
  guests: number;
  attended: number;
  noShows: number;
  cancellations: number;
  lateCancellations: number;
  waitlisted: number;
  promoted: number;
  /** First payments: `subscription` is the monthly unlimited subscribed by card (its renewals are `renewals`), `membership` sold at the desk. */
  purchases: Record<'free' | 'cash' | 'card' | 'oxxo' | 'paypal' | 'membership' | 'subscription', number>;
  /** Renewals the card processor charged and its invoice webhook granted. */
  renewals: number;
  /** Subscriptions their customers cancelled (their last period runs out). */
  subscriptionsCancelled: number;
  /** Purchases that used the studio's discount code. */
  discounted: number;
  /** Refusals the services answered (a class full at the last moment, a lot that ran out): counted, not errors. */
  refused: Record<string, number>;
  /** Booked places over the capacity of the classes held, in %. */
  occupancy: number;
  dashboardDays: number;
  ms: number;
  /** Milliseconds spent in each part, to see where the start-up time goes. */
  phases: Record<string, number>;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Each service call moves the clock on this much: the clock never goes back, and two calls never share an instant. */
const STEP = 7_000;
const ADMIN: VerifiedIdentity = { uid: 'seed-admin-valeria', email: 'admin@estudiolatido.mx', emailVerified: true, admin: true };
const CASH_AT_DESK = 2; // payment_methods/2, 'Efectivo'
const CANCEL_SHARE = 0.07;
const LATE_CANCEL_SHARE = 0.015;
const ATTENDANCE = 0.9;
/** Share of pack holders' bookings that bring a guest, paid from their own pack. */
const GUEST_SHARE = 0.05;
/** Share of pack purchases in the code's month that use it (not everyone saw the post). */
const PROMO_SHARE = 0.6;

interface Person {
  uid: string;
  customerId: number;
  identity: VerifiedIdentity;
  plan: Plan;
  payment: Payment;
  morning: boolean;
  weight: number;
  /** Days (from the first day of history) the person comes from and until. */
  from: number;
  until: number;
  tookFirstClass: boolean;
  /** A member paying by card subscribes online: the running subscription's purchase, once bought. */
  subscription: number | null;
  /** How many renewals the subscriber lets through before cancelling (null: never), and the day they cancel once decided. */
  cancelAfterRenewals: number | null;
  cancelOn: number | null;
  renewals: number;
  promoUses: number;
}

interface Slot {
  weekday: number;
  time: string;
  cls: SingleClassDoc;
}

/** mulberry32: the same history every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const weighted = <T>(items: ReadonlyArray<readonly [T, number]>): T => {
    const total = items.reduce((s, [, w]) => s + w, 0);
    let roll = next() * total;
    for (const [item, w] of items) {
      roll -= w;
      if (roll < 0) return item;
    }
    return (items.at(-1) as readonly [T, number])[0];
  };
  return { next, weighted, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

/** Services the history never calls; a call would be a bug here, so it says so. */
function absent<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, prop) {
      if (prop === 'then' || typeof prop === 'symbol') return undefined;
      throw new Error(`The demo history does not use deps.${name} (asked for ${String(prop)}).`);
    },
  });
}

const weekdayOf = (monday: string, day: string) => ((daysFromTo(monday, day) % 7) + 7) % 7;

export async function seedHistory(store: DocumentStore, now: Date, options: HistoryOptions = {}): Promise<HistoryReport> {
  const started = Date.now();
  const days = options.days ?? 90;
  const random = prng(options.seed ?? 2511);
  let at = 0;
  const deps: Deps = {
    store,
    now: () => new Date(at),
    auth: absent('auth'),
    files: absent('files'),
    web: { projectId: 'demo-studio', apiKey: 'demo', authDomain: 'demo-studio.firebaseapp.com' },
  };
  const demoCards = demoCardProcessor();
  const demoPayPal = demoPayPalProcessor();
  // Checkouts see the processors (history-processors.ts); everything else runs without them, as in the tests.
  const withCards: Deps = { ...deps, cards: demoCards.gateway, paypal: demoPayPal.gateway };
  const tz = await studioTimezone(deps);
  const report: HistoryReport = {
    days,
    customers: 0,
    classes: 0,
    bookings: 0,
    guests: 0,
    attended: 0,
    noShows: 0,
    cancellations: 0,
    lateCancellations: 0,
    waitlisted: 0,
    promoted: 0,
    purchases: { free: 0, cash: 0, card: 0, oxxo: 0, paypal: 0, membership: 0, subscription: 0 },
    renewals: 0,
    subscriptionsCancelled: 0,
    discounted: 0,
    refused: {},
    occupancy: 0,
    dashboardDays: 0,
    ms: 0,
    phases: {},
  };
  const timed = async <T>(phase: string, run: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    try {
      return await run();
    } finally {
      report.phases[phase] = (report.phases[phase] ?? 0) + Date.now() - t0;
    }
  };
  const today = studioDay(now, tz);
  const first = addDays(today, -days);
  const monday = studioDay(studioWeekStart(now, tz), tz);
  /** Moves the clock to `instant` unless it is already past it (one step on, then). */
  const clockTo = (instant: number) => {
    at = Math.max(at + STEP, instant);
  };
  const attempt = async <T>(run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      report.refused[error.code] = (report.refused[error.code] ?? 0) + 1;
      return null;
    } finally {
      at += STEP;
    }
  };

  // The timetable: the busiest slots of next week's seeded classes (a week the seed always writes), repeated back over the history's weeks.
  const timetable = busiestSlots(await weeklyTimetable(store, addDays(monday, 7), tz));
  const classesOf = new Map<string, SingleClassDoc[]>();
  at = studioWallTimeToInstant(addDays(first, -21), '10:00', tz).getTime();
  for (let day = first; daysFromTo(day, monday) > 0; day = addDays(day, 1)) {
    const made: SingleClassDoc[] = [];
    for (const slot of timetable.filter((s) => s.weekday === weekdayOf(monday, day))) {
      const { cls } = slot;
      const created = await createClass(deps, {
        date: day,
        start_time: slot.time,
        duration_minutes: cls.duration_minutes,
        ...(cls.spot_map === null ? { capacity: cls.capacity, spot_map: null } : {}),
        class_type_id: cls.class_type_id,
        location_id: cls.location_id,
        instructor_ids: cls.instructor_ids,
        tag_ids: cls.tag_ids,
        ...(cls.description ? { description: cls.description } : {}),
      });
      at += STEP;
      const doc = (await store.doc(`single_classes/${created.single_class_id}`).get()).data() as unknown as SingleClassDoc;
      made.push(doc);
    }
    classesOf.set(day, made);
    report.classes += made.length;
  }
  // This week's days so far: the seed's own classes.
  for (let day = monday; daysFromTo(day, today) >= 0; day = addDays(day, 1)) {
    const start = studioWallTimeToInstant(day, '00:00', tz);
    const end = studioWallTimeToInstant(addDays(day, 1), '00:00', tz);
    classesOf.set(
      day,
      (await listSingleClassesBetween(store, { from: start, to: end })).filter((c) => c.status === 'scheduled'),
    );
  }
  const endOf = (cls: SingleClassDoc) => cls.class_date.getTime() + cls.duration_minutes * MINUTE;
  // Only classes over by now get a past: later ones today (and on) stay open for the demo.
  const heldBy = (day: string) => (classesOf.get(day) ?? []).filter((c) => endOf(c) <= now.getTime()).sort((a, b) => +a.class_date - +b.class_date);

  const people = await createPeople(store, random, options.customers ?? 48, days, studioWallTimeToInstant(addDays(first, -10), '10:00', tz).getTime());
  report.customers = people.length;
  at = Math.max(at, studioWallTimeToInstant(addDays(first, -3), '09:00', tz).getTime());
  const dayIndex = () => daysFromTo(first, studioDay(new Date(at), tz));

  // The studio takes PayPal (as the local stack's start-up turns it on) and runs a month-long code for its packs: the admin's services, as the console does.
  await updateConfig(deps, ADMIN.uid, { entries: [{ key: 'paypal_enabled', value: true }] });
  at += STEP;
  await createDiscountFromInput(deps, {
    code: PROMO.code,
    is_percent: true,
    amount: PROMO.percent,
    valid_from: studioWallTimeToInstant(addDays(first, PROMO.fromDay), '00:00', tz).toISOString(),
    valid_until: studioWallTimeToInstant(addDays(first, PROMO.untilDay), '00:00', tz).toISOString(),
    limit_per_customer: PROMO.perCustomer,
    class_package_ids: [...PROMO.packages],
  });
  at += STEP;

  // Every other member subscribes online, paying by card (the rest buy the month at the desk); the first to subscribe cancels after
  // a renewal (the period paid runs out), some others after two.
  const members = people.filter((p) => p.plan === 'member');
  members.forEach((person, i) => {
    if (i % 2 === 0) person.payment = 'card';
  });
  const subscribers = members.filter((p) => p.payment === 'card').sort((a, b) => a.from - b.from);
  subscribers.forEach((person, i) => {
    person.cancelAfterRenewals = i === 0 ? 1 : random.next() < 0.3 ? 2 : null;
  });
  const subscriberOf = new Map<number, Person>();

  /** The person can pay for the class: a lot that covers it, else what their plan buys (a newcomer's free first class first). */
  const ensureCredits = async (person: Person, cls: SingleClassDoc): Promise<boolean> => {
    const covers = async () => lotToSpend(await listLotsOfCustomer(store, person.customerId), cls, deps.now(), tz) !== null;
    if (await covers()) return true;
    // Subscribed: the processor bills the next period on its date (a renewal may have just fallen due); nothing to buy meanwhile.
    if (person.subscription !== null) return (await chargeRenewals()) > 0 && covers();
    return timed('buy', () => buy(person));
  };

  /** Paid at the processor (a card at once, an OXXO voucher at the store): once the webhook's grace has passed, the reconciling job finds the payment succeeded and completes the purchase through the webhook's own path. */
  const completeAtProcessor = async (purchaseId: number): Promise<boolean> => {
    at += RECONCILE_GRACE_MS;
    const { paymentsCompleted } = await reconcilePayments(withCards, demoCards.gateway);
    at += STEP;
    return paymentsCompleted.includes(purchaseId);
  };

  /** The studio's code, while it runs, for a pack (each customer may use it PROMO.perCustomer times), when the buyer knows of it. */
  const promoFor = (person: Person, packageId: number): string | null => {
    if (!(PROMO.packages as readonly number[]).includes(packageId) || person.promoUses >= PROMO.perCustomer) return null;
    const index = dayIndex();
    if (index < PROMO.fromDay || index > PROMO.untilDay) return null;
    return random.next() < PROMO_SHARE ? PROMO.code : null;
  };

  const buy = async (person: Person): Promise<boolean> => {
    if (!person.tookFirstClass) {
      person.tookFirstClass = true;
      // The free first class: checkout completes a free offer at once.
      const placed = await attempt(() => attemptCheckout(deps, person.identity, { class_package_id: FIRST_CLASS_PACKAGE }, 'seed'));
      if (placed) {
        report.purchases.free += 1;
        return true;
      }
    }
    if (person.plan === 'member' && person.payment === 'card') return subscribe(person);
    if (person.plan === 'member') {
      const granted = await attempt(() =>
        giveAccess(deps, ADMIN, { customer_id: person.customerId, class_package_id: PLAN_PACKAGE.member, payment_method_id: CASH_AT_DESK, is_gift: false }),
      );
      if (granted) report.purchases.membership += 1;
      return granted !== null;
    }
    const packageId = PLAN_PACKAGE[person.plan];
    const code = promoFor(person, packageId);
    const payment = person.payment;
    const paid = payment === 'paypal' ? await payByPayPal(person, packageId, code) : await checkout(person, packageId, payment, code);
    if (!paid) return false;
    report.purchases[payment] += 1;
    if (code !== null) {
      person.promoUses += 1;
      report.discounted += 1;
    }
    return true;
  };

  const checkout = async (person: Person, packageId: number, payment: Exclude<Payment, 'paypal'>, code: string | null): Promise<boolean> => {
    const placed = await attempt(() =>
      attemptCheckout(
        withCards,
        person.identity,
        { class_package_id: packageId, payment_method: payment, ...(code === null ? {} : { discountCode: code }) },
        'seed',
      ),
    );
    if (!placed) return false;
    const id = placed.answer.purchase_id;
    if (payment === 'cash') return (await attempt(() => confirmCashPurchase(deps, ADMIN, id))) !== null;
    return completeAtProcessor(id);
  };

  /** PayPal's path: the order, the buyer's approval in PayPal's window and the server's capture, then PayPal's notice of the capture completes it. */
  const payByPayPal = async (person: Person, packageId: number, code: string | null): Promise<boolean> => {
    const started = await attempt(() =>
      startPayPalOrder(withCards, person.identity, { class_package_id: packageId, ...(code === null ? {} : { discountCode: code }) }, 'seed'),
    );
    const orderID = started?.answer.orderID;
    if (!orderID) return false;
    if (!(await attempt(() => capturePayPalOrder(withCards, person.identity, { orderID })))) return false;
    const notice = demoPayPal.captureNotice(orderID);
    if (!notice) return false;
    const outcome = await receivePayPalNotice(withCards, {}, notice);
    at += STEP;
    return outcome === 'granted';
  };

  /** The monthly unlimited, subscribed by card: the first month paid now, the renewals billed by the processor from its end. */
  const subscribe = async (person: Person): Promise<boolean> => {
    const placed = await attempt(() => attemptCheckout(withCards, person.identity, { class_package_id: PLAN_PACKAGE.member, payment_method: 'card' }, 'seed'));
    if (!placed) return false;
    const id = placed.answer.purchase_id;
    if (!(await completeAtProcessor(id))) return false;
    person.subscription = id;
    subscriberOf.set(id, person);
    report.purchases.subscription += 1;
    return true;
  };

  /**
   * The processor charges the renewals fallen due and its webhook posts each
   * paid invoice to the service the Stripe webhook calls, which grants the
   * next period. A subscriber who means to cancel decides on a day of it.
   */
  const chargeRenewals = async (): Promise<number> => {
    let granted = 0;
    for (const event of demoCards.chargeDueRenewals(at)) {
      const outcome = await receiveCardNotice(withCards, Buffer.from(JSON.stringify(event)), 'demo');
      at += STEP;
      if (outcome !== 'granted') continue;
      granted += 1;
      report.renewals += 1;
      const person = event.purchaseId === null ? undefined : subscriberOf.get(event.purchaseId);
      if (!person) continue;
      person.renewals += 1;
      if (person.renewals === person.cancelAfterRenewals) person.cancelOn = dayIndex() + 6 + Math.floor(random.next() * 14);
    }
    return granted;
  };

  /** Day `index` at 12:30: subscribers who decided to stop cancel in Mis Compras; the period paid runs out, then they buy packs. */
  const cancelSubscriptions = async (index: number) => {
    for (const person of subscribers) {
      const id = person.subscription;
      if (id === null || person.cancelOn !== index) continue;
      const done = await attempt(() => cancelOwnPurchase(withCards, person.identity, id, 'Prefiero un paquete de clases'));
      if (!done) continue;
      report.subscriptionsCancelled += 1;
      // Stopped now at the processor, which says so through its webhook (customer.subscription.deleted).
      const ended = demoCards.endedEvent(id);
      if (ended) await receiveCardNotice(withCards, Buffer.from(JSON.stringify(ended)), 'demo');
      at += STEP;
      person.subscription = null;
      person.cancelOn = null;
      person.plan = 'pack5';
    }
  };

  /** Two finite credits that cover the class (an unlimited membership is personal: it never pays for a guest). */
  const paysForTwo = async (person: Person, cls: SingleClassDoc): Promise<boolean> => {
    const finite = (await listLotsOfCustomer(store, person.customerId)).filter((lot) => !isUnlimited(lot));
    const firstLot = lotToSpend(finite, cls, deps.now(), tz);
    if (!firstLot) return false;
    return (
      firstLot.available_classes >= 2 ||
      lotToSpend(
        finite.filter((l) => l.available_class_id !== firstLot.available_class_id),
        cls,
        deps.now(),
        tz,
      ) !== null
    );
  };

  /** Day `day` at 22:00: the regulars book the classes of `target` (two days on), and queue for the full ones. */
  const bookingPhase = async (target: string) => {
    const index = daysFromTo(first, target);
    const booked = new Set<string>();
    const weekday = weekdayOf(monday, target);
    // Monday to Thursday are the busy days, Friday and the weekend lighter.
    const dayFactor = weekday <= 3 ? 1 : weekday === 4 ? 0.85 : 0.8;
    for (const cls of heldBy(target)) {
      const hour = studioWallClock(cls.class_date, tz).time;
      const morning = hour < '12:00';
      // One class in five is a full house: more want it than it holds, and the rest queue.
      const rush = random.next() < 0.2;
      const want = rush ? cls.capacity + 1 + Math.floor(random.next() * 4) : Math.round(cls.capacity * dayFactor * (0.55 + random.next() * 0.4));
      const pool = people.filter((p) => p.from <= index && index <= p.until && !booked.has(p.uid));
      let placed = 0;
      let queued = 0;
      for (const person of weightedSample(random, pool, want, (p) => p.weight * (p.morning === morning ? 3 : 1))) {
        if (placed >= cls.capacity) {
          if (queued >= 4) break;
          const joined = await attempt(() => joinWaitlist(deps, person.identity, { single_class_id: cls.single_class_id }));
          if (joined) {
            queued += 1;
            report.waitlisted += 1;
            booked.add(person.uid);
          }
          continue;
        }
        if (!(await timed('credits', () => ensureCredits(person, cls)))) continue;
        // Now and then a pack holder brings a friend (+1), paid from their own pack, when two places are left.
        const guest =
          placed + 2 <= cls.capacity && random.next() < GUEST_SHARE && (await paysForTwo(person, cls))
            ? `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`
            : null;
        const input = { single_class_id: cls.single_class_id, ...(guest === null ? {} : { guest }) };
        const result = await timed('book-class', () => attempt(() => bookClass(deps, person.identity, input)));
        if (result) {
          placed += result.class_reservations.length;
          report.bookings += result.class_reservations.length;
          if (guest !== null && result.class_reservations.length === 2) report.guests += 1;
          booked.add(person.uid);
        }
      }
      await recountBooked(deps, cls.single_class_id);
    }
  };

  /** The day before at noon, well within the cancellation window: a few cancel, and the first in line takes each seat. */
  const cancelPhase = async (target: string) => {
    for (const cls of heldBy(target)) {
      let cancelled = 0;
      for (const r of await listActiveReservationsOfClass(store, cls.single_class_id)) {
        if (random.next() >= CANCEL_SHARE) continue;
        const done = await attempt(() => cancelOwnReservation(deps, identityOf(r.uid), r.class_reservation_id));
        if (done) cancelled += 1;
      }
      report.cancellations += cancelled;
      if (cancelled > 0) await promote(cls);
    }
  };

  const promote = async (cls: SingleClassDoc) => {
    const summary = await promoteWaitlist(deps, cls.single_class_id);
    at += STEP;
    report.promoted += summary.promoted.length;
    await recountBooked(deps, cls.single_class_id);
  };

  /** Two hours before the class: the odd late cancellation, whose credit the rules keep. */
  const lateCancel = async (cls: SingleClassDoc) => {
    for (const r of await listActiveReservationsOfClass(store, cls.single_class_id)) {
      if (random.next() >= LATE_CANCEL_SHARE) continue;
      if (await attempt(() => cancelOwnReservation(deps, identityOf(r.uid), r.class_reservation_id))) {
        report.lateCancellations += 1;
        await promote(cls);
      }
    }
  };

  /** When the class ends, the desk marks who came; the rest are no-shows. */
  const attendance = async (cls: SingleClassDoc) => {
    for (const r of await listActiveReservationsOfClass(store, cls.single_class_id)) {
      if (random.next() < ATTENDANCE) {
        if (await attempt(() => checkIn(deps, ADMIN.uid, cls.single_class_id, { class_reservation_id: r.class_reservation_id }))) report.attended += 1;
      } else if (await attempt(() => setAttendance(deps, ADMIN.uid, cls.single_class_id, { class_reservation_id: r.class_reservation_id, attend: false }))) {
        report.noShows += 1;
      }
    }
  };

  const personByUid = new Map(people.map((p) => [p.uid, p]));
  const identityOf = (uid: string): VerifiedIdentity => personByUid.get(uid)?.identity ?? { uid, email: null, emailVerified: true, admin: false };

  for (let day = addDays(first, -2); daysFromTo(day, today) >= 0; day = addDays(day, 1)) {
    const events: Array<{ at: number; run: () => Promise<void> }> = [];
    const wall = (time: string) => studioWallTimeToInstant(day, time, tz).getTime();
    events.push({ at: wall('12:00'), run: () => timed('cancel', () => cancelPhase(addDays(day, 1))) });
    events.push({ at: wall('12:30'), run: () => timed('subscriptions', () => cancelSubscriptions(daysFromTo(first, day))) });
    // The processor bills each renewal on its date (one cancelled since is skipped then).
    for (const due of demoCards.renewalTimes(wall('00:00'), studioWallTimeToInstant(addDays(day, 1), '00:00', tz).getTime())) {
      events.push({
        at: due,
        run: async () => {
          await timed('renewals', chargeRenewals);
        },
      });
    }
    for (const cls of heldBy(day)) {
      events.push({ at: cls.class_date.getTime() - 2 * HOUR, run: () => timed('late-cancel', () => lateCancel(cls)) });
      events.push({ at: endOf(cls), run: () => timed('attendance', () => attendance(cls)) });
    }
    events.push({ at: wall('22:00'), run: () => timed('book', () => bookingPhase(addDays(day, 2))) });
    events.push({
      at: wall('23:30'),
      run: async () => {
        await timed('close-waitlists', () => closeDueWaitlists(deps));
      },
    });
    events.sort((a, b) => a.at - b.at);
    for (const event of events) {
      if (event.at >= now.getTime()) break;
      clockTo(event.at);
      await event.run();
    }
  }

  let places = 0;
  let capacity = 0;
  for (const [day] of classesOf) {
    for (const cls of heldBy(day)) {
      places += (await listActiveReservationsOfClass(store, cls.single_class_id)).length;
      capacity += cls.capacity;
    }
  }
  report.occupancy = capacity === 0 ? 0 : Math.round((places / capacity) * 100);

  // The dashboard's days, as its scheduled job computes them: a run does today, the recent days and a batch of older ones.
  at = Math.max(at, now.getTime());
  const seen = new Set<string>();
  const dashboardStart = Date.now();
  for (let run = 0; run < 8; run += 1) {
    const { computed } = await computeDashboardDays(deps);
    const fresh = computed.filter((d) => !seen.has(d));
    for (const d of fresh) seen.add(d);
    if (fresh.length === 0) break;
    at += STEP;
  }
  report.phases.dashboard = Date.now() - dashboardStart;
  report.dashboardDays = seen.size;
  report.ms = Date.now() - started;
  return report;
}

/** One week of the timetable from the seeded classes of the week starting on `monday`. */
async function weeklyTimetable(store: DocumentStore, monday: string, tz: string): Promise<Slot[]> {
  const from = studioWallTimeToInstant(monday, '00:00', tz);
  const to = studioWallTimeToInstant(addDays(monday, 7), '00:00', tz);
  const classes = await listSingleClassesBetween(store, { from, to });
  if (classes.length === 0) throw new Error(`The demo history repeats the seeded week of ${monday}, which has no classes.`);
  return classes.map((cls) => {
    const wall = studioWallClock(cls.class_date, tz);
    return { weekday: weekdayOf(monday, wall.date), time: wall.time, cls };
  });
}

/**
 * The slots the history repeats: each day's opener and (on weekdays) the
 * first evening class, at the main studio (the lowest location id). The full
 * seeded timetable would need two or three times the bookings to look as
 * full, and the history's start-up time grows with every booking (ADR 0120).
 */
function busiestSlots(slots: Slot[]): Slot[] {
  const main = Math.min(...slots.map((s) => s.cls.location_id));
  const kept: Slot[] = [];
  for (let weekday = 0; weekday < 7; weekday += 1) {
    const day = slots.filter((s) => s.weekday === weekday && s.cls.location_id === main).sort((a, b) => a.time.localeCompare(b.time));
    const opener = day[0];
    const evening = weekday < 5 ? day.find((s) => s.time >= '18:00') : undefined;
    for (const slot of [opener, evening]) if (slot) kept.push(slot);
  }
  return kept;
}

/** `count` distinct items, each drawn with probability proportional to its weight among those left. */
function weightedSample<T>(random: ReturnType<typeof prng>, items: readonly T[], count: number, weight: (item: T) => number): T[] {
  const left = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && left.length > 0) {
    const total = left.reduce((s, item) => s + weight(item), 0);
    let roll = random.next() * total;
    let index = left.length - 1;
    for (let i = 0; i < left.length; i += 1) {
      roll -= weight(left[i] as T);
      if (roll < 0) {
        index = i;
        break;
      }
    }
    chosen.push(...left.splice(index, 1));
  }
  return chosen;
}

/**
 * The regulars' profiles, as the seed writes its own customers (seedCore):
 * numbered after the seed's, with their phone claimed and the sign-up pages
 * accepted. Most came before the history starts; some join during it, and a
 * few stop coming (their last lots expire unused).
 */
async function createPeople(store: DocumentStore, random: ReturnType<typeof prng>, count: number, days: number, at: number): Promise<Person[]> {
  const people: Person[] = [];
  const createdAt = new Date(at);
  const signupPages = pages.filter((p) => p.required_signup).map((p) => p.page_id);
  for (let n = 0; n < count; n += 1) {
    const name = FIRST_NAMES[n % FIRST_NAMES.length] as string;
    const lastName = `${random.pick(LAST_NAMES)} ${random.pick(LAST_NAMES)}`;
    const uid = `demo-customer-${String(n + 1).padStart(3, '0')}`;
    const phone = `55${String(40_000_000 + n * 7919).padStart(8, '0')}`;
    const email = `${name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')}.${n + 1}@example.com`;
    const customerId = await store.runTransaction(async (tx) => {
      const id = await allocateId(store, tx, 'customers');
      createCustomer(store, tx, {
        customer_id: id,
        uid,
        name,
        last_name: lastName,
        email,
        phone,
        instagram: null,
        birthdate: `${1975 + Math.floor(random.next() * 30)}-${String(1 + Math.floor(random.next() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random.next() * 28)).padStart(2, '0')}`,
        signup_reason: random.pick(SIGNUP_REASONS),
        signup_reason_other: null,
        file: null,
        has_unlimited: false,
        unlimited_membership_expiration: null,
        custom_values: { emergency_contact: `${random.pick(FIRST_NAMES)} ${lastName.split(' ')[0]} 55${String(10_000_000 + n * 104_729).slice(-8)}` },
        search_terms: buildSearchTerms({ name, last_name: lastName, email, phone }),
        createdAt,
        updatedAt: createdAt,
      });
      tx.set(store.doc(`customer_phones/${phone}`), { uid, customer_id: id });
      for (const pageId of signupPages) recordAcceptedPage(store, tx, uid, { page_id: pageId, customer_id: id, accepted_at: createdAt });
      return id;
    });
    const from = random.next() < 0.65 ? 0 : Math.floor(random.next() * (days - 7));
    // One in five stops coming after a few weeks, on a 5-class pack: its last lot expires (60 days) with classes left.
    const leaves = random.next() < 0.2;
    const plan = leaves ? 'pack5' : random.weighted(PLANS);
    const until = leaves ? from + 10 + Math.floor(random.next() * 25) : days + 2;
    people.push({
      uid,
      customerId,
      identity: { uid, email, emailVerified: true, admin: false },
      plan,
      payment: random.weighted(PAYMENTS),
      morning: random.next() < 0.45,
      // One pack holder in four comes now and then: their packs run out of days before classes, and expire with credits left.
      weight: plan === 'member' ? 1.6 : plan === 'single' ? 0.6 : random.next() < 0.25 ? 0.12 : plan === 'pack10' ? 1.2 : 1,
      from,
      until,
      tookFirstClass: false,
      subscription: null,
      cancelAfterRenewals: null,
      cancelOn: null,
      renewals: 0,
      promoUses: 0,
    });
  }
  return people;
}
