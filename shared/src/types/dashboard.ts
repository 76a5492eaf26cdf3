/**
 * GET /api/dashboard: the console's figures for a period of studio days
 * (docs/admin/README.md "Dashboard"). Every figure comes from the day
 * documents the `computeDashboardDays` job keeps (one read per day), never
 * from reading the period's reservations on each view.
 */

/** One studio calendar day's figures. */
export interface DashboardDayFigures {
  /** Classes held that day (not cancelled). */
  classes: number;
  /** Their seats. */
  capacity: number;
  /** Reservations in those classes that are not cancelled (guests included): the bookings of that day. */
  bookings: number;
  /** Reservations of those classes cancelled by the customer or an admin (not by a class cancellation). */
  cancellations: number;
  /** Of the bookings of classes that have ended: checked in. */
  attended: number;
  /** Of the bookings of classes that have ended: not checked in (docs/booking "No-shows"). */
  no_shows: number;
  /** Customers who joined the line of one of those classes. */
  waitlist_joins: number;
  /** …and were booked from it. */
  waitlist_promotions: number;
  /** Charges paid that day (invoices): how many and MXN. */
  sales_count: number;
  sales_amount: number;
  /** Credits left on lots that expired at the end of that day (unlimited lots and revoked lots not counted). */
  credits_expired: number;
}

export interface DashboardDay extends DashboardDayFigures {
  /** YYYY-MM-DD in the studio's zone. */
  day: string;
  /** False when the job has not computed that day yet (its figures are zeros then, and are not real). */
  computed: boolean;
}

export interface DashboardOccupancy {
  classes: number;
  capacity: number;
  bookings: number;
  /** bookings / capacity, 0..1 (more than 1 never: a class never holds more than its seats); null without capacity. */
  occupancy: number | null;
}

export interface Dashboard {
  from: string;
  to: string;
  timezone: string;
  /** Every day of the period in order. */
  days: DashboardDay[];
  totals: DashboardDayFigures;
  /** attended + no_shows > 0 ? no_shows / (attended + no_shows) : null */
  no_show_rate: number | null;
  /** Busiest first (by occupancy, then bookings). */
  by_class_type: Array<DashboardOccupancy & { class_type_id: number; name: string }>;
  /** Start time of the class in the studio's zone, 'HH:mm'; in time order. */
  by_time_slot: Array<DashboardOccupancy & { slot: string }>;
  /** Most money first. */
  by_package: Array<{ class_package_id: number; title: string; sales_count: number; sales_amount: number }>;
  /** When the newest figures were computed (ISO instant); null when no day of the period is computed. */
  updated_at: string | null;
  /** Days of the period the job has not computed yet. */
  missing_days: number;
}

/** POST /api/dashboard/refresh (admin): today's figures recomputed now; answers like GET. */
export const DASHBOARD_REFRESH_MIN_GAP_SECONDS = 60;

/**
 * Today's figures within a minute of a booking or sale, without pressing
 * anything (ADR 0117): a read of a period that includes today recomputes
 * today when its figures are older than FRESH, and the Tablero reads again
 * every POLL while it shows today. FRESH + POLL stays within a minute.
 */
export const DASHBOARD_TODAY_FRESH_SECONDS = 25;
export const DASHBOARD_TODAY_POLL_SECONDS = 30;
