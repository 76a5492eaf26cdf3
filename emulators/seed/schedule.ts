import { studioWallTimeToInstant, studioWeekDays, studioWeekStart } from '@studio/shared/format/dates';
import { spotMapTotal } from '@studio/shared/schemas/single-class';
import type { AvailableClassDoc, LedgerEntryDoc } from '../../functions/src/data/repos/credits-repo';
import type { NotificationDoc } from '../../functions/src/data/repos/notifications-repo';
import type { PurchaseDoc } from '../../functions/src/data/repos/purchases-repo';
import type { ClassReservationDoc } from '../../functions/src/data/repos/reservations-repo';
import type { SingleClassDoc } from '../../functions/src/data/repos/single-classes-repo';
import { newReservation } from '../../functions/src/services/booking/new-reservation';
import { type LedgerContext, ledgerEntryFor } from '../../functions/src/services/credits/ledger';
import { cancellationNotice } from '../../functions/src/services/schedule/cancellation-notice';
import { classTypes, locations } from './catalogue';
import { classPackages } from './packages';
import { type SeedSet, STUDIO_TZ } from './seed-set';

const DAY = 24 * 60 * 60 * 1000;
const ADMIN_UID = 'seed-admin-valeria';
const ANA = { customer_id: 2, uid: 'seed-customer-ana' };
/** Ana's own purchase and lot for her bookings; ids far above the access seed's so the two never meet. */
const ANA_PURCHASE_ID = 101;
const ANA_LOT_ID = 101;

interface Slot {
  time: string;
  class_type_id: number;
  instructor_id: number;
  location_id: number;
  capacity: number;
  tag_ids: number[];
}

const weekdaySlots: Slot[] = [
  { time: '07:00', class_type_id: 1, instructor_id: 1, location_id: 1, capacity: 18, tag_ids: [2] },
  { time: '08:30', class_type_id: 2, instructor_id: 3, location_id: 1, capacity: 14, tag_ids: [1] },
  { time: '19:00', class_type_id: 3, instructor_id: 2, location_id: 1, capacity: 16, tag_ids: [2] },
  { time: '20:15', class_type_id: 1, instructor_id: 5, location_id: 1, capacity: 18, tag_ids: [] },
  { time: '07:30', class_type_id: 4, instructor_id: 4, location_id: 2, capacity: 12, tag_ids: [1] },
  { time: '18:30', class_type_id: 2, instructor_id: 3, location_id: 2, capacity: 14, tag_ids: [] },
];
const saturdaySlots: Slot[] = [
  { time: '09:00', class_type_id: 1, instructor_id: 5, location_id: 1, capacity: 18, tag_ids: [2] },
  { time: '10:30', class_type_id: 4, instructor_id: 4, location_id: 2, capacity: 12, tag_ids: [] },
];
const sundaySlots: Slot[] = [{ time: '10:00', class_type_id: 2, instructor_id: 3, location_id: 1, capacity: 14, tag_ids: [1] }];

interface SeedClass {
  /** 0 = Monday of this week … 13 = Sunday of next week. */
  dayIndex: number;
  time: string;
  doc: SingleClassDoc;
}

/** Two studio weeks of classes starting on the Monday of the week of `now`. */
function singleClasses(now: Date): SeedClass[] {
  const start = studioWeekStart(now, STUDIO_TZ);
  const nextWeek = new Date(start.getTime() + 7 * DAY);
  const days = [...studioWeekDays(start, STUDIO_TZ), ...studioWeekDays(nextWeek, STUDIO_TZ)];
  const classes: SeedClass[] = [];
  for (const [dayIndex, day] of days.entries()) {
    const weekday = dayIndex % 7; // 0 = Monday
    const slots = weekday < 5 ? weekdaySlots : weekday === 5 ? saturdaySlots : sundaySlots;
    for (const slot of slots) {
      const type = classTypes.find((t) => t.class_type_id === slot.class_type_id);
      const spotMap = type?.spot_map ?? null;
      classes.push({
        dayIndex,
        time: slot.time,
        doc: {
          single_class_id: classes.length + 1,
          class_date: studioWallTimeToInstant(day, slot.time, STUDIO_TZ),
          duration_minutes: 50,
          description: type?.description ?? null,
          capacity: spotMapTotal(spotMap) ?? slot.capacity,
          spot_map: spotMap,
          class_type_id: slot.class_type_id,
          location_id: slot.location_id,
          instructor_ids: [slot.instructor_id],
          tag_ids: slot.tag_ids,
          class_category_id: null,
          class_package_id: null,
          series_id: null,
          status: 'scheduled',
          cancelledAt: null,
          cancel_reason: null,
          cancelled_by: null,
          createdAt: now,
          updatedAt: now,
        },
      });
    }
  }
  return classes;
}

interface Booking {
  dayIndex: number;
  time: string;
  spot: number | null;
  guest: string | null;
}

/**
 * Ana's bookings, all next week (always ahead of `now`): cycling Monday 07:00
 * on spot 5 plus a guest on spot 6, HIIT Wednesday 19:00, and yoga Friday
 * 08:30, which the studio then cancelled.
 */
const anaBookings: Booking[] = [
  { dayIndex: 7, time: '07:00', spot: 5, guest: null },
  { dayIndex: 7, time: '07:00', spot: 6, guest: 'Sofía Ramírez' },
  { dayIndex: 9, time: '19:00', spot: null, guest: null },
  { dayIndex: 11, time: '08:30', spot: null, guest: null },
];
const CANCELLED = { dayIndex: 11, time: '08:30', reason: 'La coach tuvo un imprevisto; te esperamos en otra clase.' };

/**
 * Ana's purchase and lot, her reservations, the studio's cancellation of one
 * class and its notification: written in the shapes the API writes, with the
 * ledger invariant (each lot's entries add up to its count) kept.
 */
function anaSchedule(now: Date, classes: SeedClass[]) {
  const pkg = classPackages.find((p) => p.class_package_id === 3);
  if (!pkg) throw new Error('The schedule seed expects package 3');
  const find = (dayIndex: number, time: string) => {
    const found = classes.find((c) => c.dayIndex === dayIndex && c.time === time);
    if (!found) throw new Error(`No seed class on day ${dayIndex} at ${time}`);
    return found.doc;
  };
  const boughtAt = new Date(now.getTime() - 5 * DAY);
  const purchase: PurchaseDoc = {
    purchase_id: ANA_PURCHASE_ID,
    customer_id: ANA.customer_id,
    uid: ANA.uid,
    class_package_id: pkg.class_package_id,
    class_package: {
      class_package_id: pkg.class_package_id,
      title: pkg.title,
      class_amount: pkg.class_amount,
      expiration_days: pkg.expiration_days,
      is_subscription: pkg.is_subscription,
      subscription_period: null,
      subscription_interval: null,
      is_online: pkg.is_online,
      is_special_event: pkg.is_special_event,
      is_trial: pkg.is_trial,
      free_trial_length: null,
    },
    title: pkg.title,
    status: 'completed',
    total_payment: pkg.sale_price ?? pkg.price,
    payment_method_id: 2,
    payment_method: 'Efectivo',
    is_gift: false,
    bill: false,
    source: 'admin',
    granted_by: ADMIN_UID,
    subscription_id: null,
    subscription_period: null,
    subscription_interval: null,
    free_trial_length: null,
    class_amount: pkg.class_amount,
    expiration_days: pkg.expiration_days,
    checkout_method: null,
    subtotal: pkg.sale_price ?? pkg.price,
    discount: null,
    pay_by: null,
    payment_instructions: null,
    paid_at: null,
    cancel_reason: null,
    createdAt: boughtAt,
    updatedAt: boughtAt,
    cancelledAt: null,
    revokedAt: null,
  };
  let lot: AvailableClassDoc = {
    available_class_id: ANA_LOT_ID,
    customer_id: ANA.customer_id,
    uid: ANA.uid,
    purchase_id: ANA_PURCHASE_ID,
    class_package_id: pkg.class_package_id,
    available_classes: pkg.class_amount,
    initial_classes: pkg.class_amount,
    expiration_date: new Date(boughtAt.getTime() + (pkg.expiration_days ?? 60) * DAY),
    class_type_id: null,
    class_types: [],
    allowed_times: null,
    is_online: false,
    status: 'active',
    cancels_used: 0,
    createdAt: boughtAt,
    updatedAt: boughtAt,
  };
  const admin: LedgerContext['actor'] = { uid: ADMIN_UID, role: 'admin' };
  const entries: LedgerEntryDoc[] = [ledgerEntryFor(null, lot, 'grant', { actor: admin, reference: { type: 'purchase', id: ANA_PURCHASE_ID } }, boughtAt)];
  const move = (delta: number, kind: 'book' | 'class-cancelled', context: LedgerContext, at: Date) => {
    const after = { ...lot, available_classes: lot.available_classes + delta, updatedAt: at };
    entries.push(ledgerEntryFor(lot, after, kind, context, at));
    lot = after;
  };

  const reservations: ClassReservationDoc[] = anaBookings.map((booking, index) => {
    const cls = find(booking.dayIndex, booking.time);
    const bookedAt = new Date(now.getTime() - (4 - index) * DAY);
    move(-1, 'book', { actor: { uid: ANA.uid, role: 'customer' }, reference: { type: 'single_class', id: cls.single_class_id } }, bookedAt);
    return newReservation(
      {
        class_reservation_id: index + 1,
        single_class_id: cls.single_class_id,
        customer_id: ANA.customer_id,
        uid: ANA.uid,
        available_class_id: ANA_LOT_ID,
        spot: booking.spot,
        seat: null,
        guest: booking.guest,
        is_cash: false,
        is_paid: true,
        source: 'customer',
      },
      bookedAt,
    );
  });

  // The studio cancelled Friday's yoga yesterday: the class, Ana's reservation, her credit and her notice, as cancel-class writes them.
  const cancelledAt = new Date(now.getTime() - DAY);
  const cancelled = find(CANCELLED.dayIndex, CANCELLED.time);
  Object.assign(cancelled, { status: 'cancelled', cancelledAt, cancel_reason: CANCELLED.reason, cancelled_by: ADMIN_UID, updatedAt: cancelledAt });
  const context: LedgerContext = { actor: admin, reason: CANCELLED.reason, reference: { type: 'single_class', id: cancelled.single_class_id } };
  const notices: NotificationDoc[] = [];
  for (const reservation of reservations.filter((r) => r.single_class_id === cancelled.single_class_id)) {
    move(1, 'class-cancelled', context, cancelledAt);
    Object.assign(reservation, {
      deletedAt: cancelledAt,
      cancel_reason: 'class-cancelled',
      refund: { kind: 'credit-returned', available_class_id: ANA_LOT_ID, note: null, at: cancelledAt },
      updatedAt: cancelledAt,
    });
    const notice = cancellationNotice(
      {
        classTypeName: classTypes.find((t) => t.class_type_id === cancelled.class_type_id)?.name ?? null,
        locationName: locations.find((l) => l.location_id === cancelled.location_id)?.name ?? null,
        classDate: cancelled.class_date,
        reason: CANCELLED.reason,
        tz: STUDIO_TZ,
      },
      { returned: 1, replacementExpiry: null, unlimited: 0, notRefunded: 0 },
    );
    notices.push({
      notification_id: `class-cancelled-${cancelled.single_class_id}-${ANA.customer_id}`,
      customer_id: ANA.customer_id,
      uid: ANA.uid,
      type: 'class-cancelled',
      ...notice,
      read: false,
      reference: { type: 'single_class', id: cancelled.single_class_id },
      createdAt: cancelledAt,
    });
  }
  return { purchase, lot, entries, reservations, notices };
}

/**
 * The seat, spot and holder documents the booking flow keeps for each active
 * reservation (ADR 0060), so seeded bookings count against capacity and
 * their spots show as taken. A guest's reservation holds a seat, a spot and
 * `guests/{customer_id}` instead of the customer's holder document.
 */
function holdingsOf(reservations: ClassReservationDoc[]): SeedSet['docs'] {
  const docs: SeedSet['docs'] = [];
  const nextSeat = new Map<number, number>();
  for (const r of reservations) {
    if (r.deletedAt !== null) continue;
    const seat = (nextSeat.get(r.single_class_id) ?? 0) + 1;
    nextSeat.set(r.single_class_id, seat);
    r.seat = seat;
    const holding = { single_class_id: r.single_class_id, class_reservation_id: r.class_reservation_id, customer_id: r.customer_id };
    docs.push([`single_classes/${r.single_class_id}/seats/${seat}`, { ...holding, n: seat }]);
    if (r.spot !== null) docs.push([`single_classes/${r.single_class_id}/spots/${r.spot}`, { ...holding, n: r.spot }]);
    docs.push([`single_classes/${r.single_class_id}/${r.guest === null ? 'holders' : 'guests'}/${r.customer_id}`, { ...holding, n: r.customer_id }]);
  }
  return docs;
}

/** What the count trigger would have written for the seeded bookings (`class_counts`, ADR 0060). */
function countsOf(reservations: ClassReservationDoc[], now: Date): SeedSet['docs'] {
  const booked = new Map<number, number>();
  for (const r of reservations) if (r.deletedAt === null) booked.set(r.single_class_id, (booked.get(r.single_class_id) ?? 0) + 1);
  return [...booked].map(([id, n]) => [`class_counts/${id}`, { single_class_id: id, booked: n, held_for_waitlist: 0, updatedAt: now }]);
}

/** The schedule area's demo data: two weeks of classes, Ana's bookings and one class the studio cancelled. */
export function seedSchedule(now: Date): SeedSet {
  const classes = singleClasses(now);
  const ana = anaSchedule(now, classes);
  const holdings = holdingsOf(ana.reservations); // sets each active reservation's seat before it is written
  return {
    docs: [
      ...classes.map(({ doc }): SeedSet['docs'][number] => [`single_classes/${doc.single_class_id}`, { ...doc }]),
      [`purchases/${ana.purchase.purchase_id}`, { ...ana.purchase }],
      [`available_classes/${ana.lot.available_class_id}`, { ...ana.lot }],
      ...ana.entries.map((e, i): SeedSet['docs'][number] => [`credit_ledger/seed-schedule-${i + 1}`, { ...e }]),
      ...ana.reservations.map((r): SeedSet['docs'][number] => [`class_reservations/${r.class_reservation_id}`, { ...r }]),
      ...ana.notices.map((n): SeedSet['docs'][number] => [`notifications/${n.notification_id}`, { ...n }]),
      ...holdings,
      ...countsOf(ana.reservations, now),
    ],
    // purchases/available_classes: at least Ana's ids, so new grants never reach them (needs load-seed to keep the highest value per counter).
    counters: { single_classes: classes.length, class_reservations: ana.reservations.length, purchases: ANA_PURCHASE_ID, available_classes: ANA_LOT_ID },
  };
}
