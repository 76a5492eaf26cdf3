import { addCalendarDays } from '@studio/shared/format/schedule-week';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { api } from './api-client';
import { queryOptions } from './server-data';

/** What one week of the public schedule asks for: the week's Monday and the optional filters. */
export interface WeekQuery {
  monday: string;
  locationId: number | null;
  instructorId: number | null;
}

export async function fetchWeek({ monday, locationId, instructorId }: WeekQuery, signal?: AbortSignal): Promise<SingleClass[]> {
  const params = new URLSearchParams({ start_date: monday, end_date: addCalendarDays(monday, 6) });
  if (locationId !== null) params.set('location_id', String(locationId));
  if (instructorId !== null) params.set('instructor_id', String(instructorId));
  const { single_classes } = await api.get<{ single_classes: SingleClass[] }>(`/single_class?${params.toString()}`, { signal });
  return single_classes;
}

export const scheduleKeys = {
  all: ['single_class'] as const,
  week: (q: WeekQuery) => [...scheduleKeys.all, 'week', q.monday, q.locationId ?? 'all', q.instructorId ?? 'all'] as const,
};

/**
 * One week of classes (GET /single_class, cancelled ones left out: ADR 0052).
 * A signed-in caller's answer carries their own reservations, so it is private
 * (dropped when the session changes). The screen shows failures in place.
 */
export function weekQuery(q: WeekQuery) {
  return queryOptions({ queryKey: scheduleKeys.week(q), queryFn: ({ signal }) => fetchWeek(q, signal), meta: { alert: false, private: true } });
}
