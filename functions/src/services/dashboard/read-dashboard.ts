import { studioDay } from '@studio/shared/format/dates';
import { DASHBOARD_DEFAULT_DAYS, type DashboardQuery } from '@studio/shared/schemas/dashboard';
import type { Dashboard, DashboardDay, DashboardDayFigures, DashboardOccupancy } from '@studio/shared/types/dashboard';
import { getClassTypeNames } from '../../data/repos/catalogue-repo';
import { listDashboardDays, type OccupancyCell } from '../../data/repos/dashboard-days-repo';
import type { StoreDeps } from '../../deps';
import { studioTimezone } from '../credits/expiry';
import { addDays, daysFromTo } from '../schedule/calendar';
import { freshenToday } from './fresh-today';

const FIGURES: ReadonlyArray<keyof DashboardDayFigures> = [
  'classes',
  'capacity',
  'bookings',
  'cancellations',
  'attended',
  'no_shows',
  'waitlist_joins',
  'waitlist_promotions',
  'sales_count',
  'sales_amount',
  'credits_expired',
];

/** Every figure, each from `value`, in FIGURES' order (FIGURES names every field of DashboardDayFigures). */
function figuresFrom(value: (key: keyof DashboardDayFigures) => number): DashboardDayFigures {
  const figures: Partial<DashboardDayFigures> = {};
  for (const key of FIGURES) figures[key] = value(key);
  return figures as DashboardDayFigures;
}

const zeros = (): DashboardDayFigures => figuresFrom(() => 0);

const occupancyOf = (cell: OccupancyCell): DashboardOccupancy => ({
  ...cell,
  occupancy: cell.capacity > 0 ? Math.min(1, cell.bookings / cell.capacity) : null,
});

function addCell<K>(cells: Map<K, OccupancyCell>, key: K, cell: OccupancyCell) {
  const sum = cells.get(key) ?? { classes: 0, capacity: 0, bookings: 0 };
  cells.set(key, { classes: sum.classes + cell.classes, capacity: sum.capacity + cell.capacity, bookings: sum.bookings + cell.bookings });
}

/** The period asked for, in studio days: the last 30 days by default; a start alone runs to today, an end alone starts 29 days before it. */
export function periodOf(query: DashboardQuery, today: string): { from: string; to: string } {
  const start = query.start_date;
  const to = query.end_date ?? (start ? (daysFromTo(start, today) >= 0 ? today : start) : today);
  const from = start ?? addDays(to, -(DASHBOARD_DEFAULT_DAYS - 1));
  return { from, to };
}

/**
 * GET /api/dashboard (admin): the period's figures summed from its day
 * documents (one read each, plus the class types' names), never from the
 * period's reservations (docs/admin/README.md "Dashboard"). A period that
 * includes today first has today's figures recomputed when they are older
 * than TODAY_FRESH_MS (25 s), by one reader at a time (fresh-today.ts, ADR 0117).
 */
export async function readDashboard(deps: StoreDeps, query: DashboardQuery): Promise<Dashboard> {
  const tz = await studioTimezone(deps);
  const today = studioDay(deps.now(), tz);
  const { from, to } = periodOf(query, today);
  if (daysFromTo(from, today) >= 0 && daysFromTo(today, to) >= 0) await freshenToday(deps, today, tz);
  const stored = new Map((await listDashboardDays(deps.store, from, to)).map((doc) => [doc.day, doc]));

  const totals = zeros();
  const byType = new Map<number, OccupancyCell>();
  const bySlot = new Map<string, OccupancyCell>();
  const byPackage = new Map<number, { title: string; sales_count: number; sales_amount: number }>();
  const days: DashboardDay[] = [];
  let updatedAt: Date | null = null;

  for (let day = from; daysFromTo(day, to) >= 0; day = addDays(day, 1)) {
    const doc = stored.get(day);
    if (!doc) {
      days.push({ day, computed: false, ...zeros() });
      continue;
    }
    const figures = figuresFrom((key) => doc[key] ?? 0);
    days.push({ day, computed: true, ...figures });
    for (const key of FIGURES) totals[key] += figures[key];
    for (const cell of doc.by_class_type) addCell(byType, cell.class_type_id, cell);
    for (const cell of doc.by_slot) addCell(bySlot, cell.slot, cell);
    for (const sales of doc.by_package) {
      const sum = byPackage.get(sales.class_package_id) ?? { title: sales.title, sales_count: 0, sales_amount: 0 };
      // Days are visited oldest first: the newest title sold wins.
      byPackage.set(sales.class_package_id, {
        title: sales.title,
        sales_count: sum.sales_count + sales.sales_count,
        sales_amount: sum.sales_amount + sales.sales_amount,
      });
    }
    if (!updatedAt || doc.computedAt > updatedAt) updatedAt = doc.computedAt;
  }
  totals.sales_amount = Math.round(totals.sales_amount * 100) / 100;

  const names = await getClassTypeNames(deps.store, [...byType.keys()]);
  const attendedOrNot = totals.attended + totals.no_shows;
  return {
    from,
    to,
    timezone: tz,
    days,
    totals,
    no_show_rate: attendedOrNot > 0 ? totals.no_shows / attendedOrNot : null,
    by_class_type: [...byType]
      .map(([class_type_id, cell]) => ({ class_type_id, name: names.get(class_type_id) ?? `#${class_type_id}`, ...occupancyOf(cell) }))
      .sort((a, b) => (b.occupancy ?? -1) - (a.occupancy ?? -1) || b.bookings - a.bookings),
    by_time_slot: [...bySlot].map(([slot, cell]) => ({ slot, ...occupancyOf(cell) })).sort((a, b) => a.slot.localeCompare(b.slot)),
    by_package: [...byPackage]
      .map(([class_package_id, sales]) => ({ class_package_id, ...sales, sales_amount: Math.round(sales.sales_amount * 100) / 100 }))
      .sort((a, b) => b.sales_amount - a.sales_amount || b.sales_count - a.sales_count),
    updated_at: updatedAt ? updatedAt.toISOString() : null,
    missing_days: days.filter((d) => !d.computed).length,
  };
}
