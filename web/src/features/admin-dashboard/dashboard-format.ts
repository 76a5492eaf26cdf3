import { formatAdminCalendarDay } from '@studio/shared/format/admin-dates';
import { dashboardMessages as m } from '@studio/shared/messages/dashboard';

/** A 0..1 ratio as a percentage with at most one decimal ('72.5%', '50%'); the dash when it cannot be computed. */
export function formatPercent(ratio: number | null): string {
  if (ratio === null) return m.none;
  const tenths = Math.round(ratio * 1000) / 10;
  return `${Number.isInteger(tenths) ? tenths : tenths.toFixed(1)}%`;
}

/** Bookings over seats: null without seats, as the API's `occupancy`. */
export const occupancyOf = (bookings: number, capacity: number): number | null => (capacity > 0 ? bookings / capacity : null);

/** A calendar day (YYYY-MM-DD) as the console writes dates. */
export const formatCalendarDay = formatAdminCalendarDay;
