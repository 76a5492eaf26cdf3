import type { DashboardDayFigures } from '@studio/shared/types/dashboard';
import type { AvailableClassDoc } from '../../data/repos/credits-repo';
import type { DashboardDayDoc, OccupancyCell } from '../../data/repos/dashboard-days-repo';
import type { InvoiceDoc } from '../../data/repos/invoices-repo';
import type { ClassReservationDoc } from '../../data/repos/reservations-repo';
import type { SingleClassDoc } from '../../data/repos/single-classes-repo';
import type { WaitlistDoc } from '../../data/repos/waitlists-repo';
import { studioWallClock } from '../schedule/calendar';

/** What one studio day's figures are computed from (the reads of computeDay). */
export interface DaySources {
  day: string;
  tz: string;
  now: Date;
  /** Classes starting that day (cancelled ones too: they are left out here). */
  classes: SingleClassDoc[];
  /** Every reservation of those classes, cancelled ones too. */
  reservations: ClassReservationDoc[];
  /** Every line entry of classes starting that day. */
  waitlists: WaitlistDoc[];
  /** Charges recorded that day. */
  invoices: InvoiceDoc[];
  /** Lots whose expiry falls that day. */
  lots: AvailableClassDoc[];
}

const MINUTE_MS = 60_000;

/** Cancellations the studio would call cancellations: the customer's or an admin's, not a class cancelled or an unpaid cash booking released. */
const COUNTED_CANCELS: ReadonlySet<string> = new Set(['customer', 'admin']);

const emptyCell = (): OccupancyCell => ({ classes: 0, capacity: 0, bookings: 0 });

function cellOf<K>(cells: Map<K, OccupancyCell>, key: K): OccupancyCell {
  let cell = cells.get(key);
  if (!cell) {
    cell = emptyCell();
    cells.set(key, cell);
  }
  return cell;
}

/**
 * One studio day's figures (docs/admin/README.md "Dashboard"): the classes
 * held that day and their reservations, the line entries of those classes,
 * the charges recorded that day and the credits that expired unused at its
 * end. Pure, so the rules are tested without a store.
 */
export function dayFigures(sources: DaySources): Omit<DashboardDayDoc, 'computedAt' | 'final'> {
  const held = sources.classes.filter((c) => c.status !== 'cancelled');
  const heldIds = new Set(held.map((c) => c.single_class_id));
  const ended = new Set(held.filter((c) => c.class_date.getTime() + c.duration_minutes * MINUTE_MS <= sources.now.getTime()).map((c) => c.single_class_id));

  const figures: DashboardDayFigures = {
    classes: held.length,
    capacity: 0,
    bookings: 0,
    cancellations: 0,
    attended: 0,
    no_shows: 0,
    waitlist_joins: 0,
    waitlist_promotions: 0,
    sales_count: 0,
    sales_amount: 0,
    credits_expired: 0,
  };

  const bookingsOf = new Map<number, number>();
  for (const reservation of sources.reservations) {
    if (!heldIds.has(reservation.single_class_id)) continue;
    if (reservation.deletedAt !== null) {
      if (reservation.cancel_reason && COUNTED_CANCELS.has(reservation.cancel_reason)) figures.cancellations += 1;
      continue;
    }
    figures.bookings += 1;
    bookingsOf.set(reservation.single_class_id, (bookingsOf.get(reservation.single_class_id) ?? 0) + 1);
    if (ended.has(reservation.single_class_id)) {
      if (reservation.attend) figures.attended += 1;
      else figures.no_shows += 1;
    }
  }

  const byType = new Map<number, OccupancyCell>();
  const bySlot = new Map<string, OccupancyCell>();
  for (const c of held) {
    const bookings = bookingsOf.get(c.single_class_id) ?? 0;
    figures.capacity += c.capacity;
    for (const cell of [cellOf(byType, c.class_type_id), cellOf(bySlot, studioWallClock(c.class_date, sources.tz).time)]) {
      cell.classes += 1;
      cell.capacity += c.capacity;
      cell.bookings += bookings;
    }
  }

  for (const entry of sources.waitlists) {
    if (!heldIds.has(entry.single_class_id)) continue;
    figures.waitlist_joins += 1;
    if (entry.status === 'promoted') figures.waitlist_promotions += 1;
  }

  const byPackage = new Map<number, { title: string; sales_count: number; sales_amount: number }>();
  for (const invoice of sources.invoices) {
    if (invoice.status !== 'completed') continue;
    figures.sales_count += 1;
    figures.sales_amount += invoice.total_payment;
    const id = invoice.class_package.class_package_id;
    const sales = byPackage.get(id) ?? { title: invoice.class_package.title || invoice.title, sales_count: 0, sales_amount: 0 };
    sales.sales_count += 1;
    sales.sales_amount += invoice.total_payment;
    byPackage.set(id, sales);
  }

  // Credits left on a lot whose expiry has passed; an unlimited lot (-1) has no count to lose, a revoked one was taken back.
  for (const lot of sources.lots) {
    if (lot.status !== 'active' || lot.available_classes <= 0) continue;
    if (lot.expiration_date && lot.expiration_date.getTime() <= sources.now.getTime()) figures.credits_expired += lot.available_classes;
  }

  // Money in MXN with centavos: summed in floating point, rounded once.
  figures.sales_amount = Math.round(figures.sales_amount * 100) / 100;
  return {
    day: sources.day,
    ...figures,
    by_class_type: [...byType].map(([class_type_id, cell]) => ({ class_type_id, ...cell })).sort((a, b) => a.class_type_id - b.class_type_id),
    by_slot: [...bySlot].map(([slot, cell]) => ({ slot, ...cell })).sort((a, b) => a.slot.localeCompare(b.slot)),
    by_package: [...byPackage]
      .map(([class_package_id, sales]) => ({ class_package_id, ...sales, sales_amount: Math.round(sales.sales_amount * 100) / 100 }))
      .sort((a, b) => a.class_package_id - b.class_package_id),
  };
}
