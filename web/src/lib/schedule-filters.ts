import { currentWeekStart, scheduleWeekStart } from '@studio/shared/format/schedule-week';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

/** What the week schedule shows: the week (its Monday) and the optional filters. */
export interface ScheduleFilters {
  monday: string;
  locationId: number | null;
  instructorId: number | null;
}

export type ScheduleFiltersUpdate = Partial<ScheduleFilters>;

/**
 * Query parameters of a shareable schedule link, in Spanish like the routes:
 * /calendario?semana=2026-11-23&ubicacion=2&instructor=4. `semana` is left out
 * for the current week, so a saved link without it always opens "this week".
 */
export const SCHEDULE_PARAMS = { week: 'semana', location: 'ubicacion', instructor: 'instructor' } as const;

function idParam(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  return Number(value);
}

/** The schedule's filters kept in the URL's query string (/calendario, /instructor/{id}). */
export function useUrlScheduleFilters(now: Date, tz: string): [ScheduleFilters, (update: ScheduleFiltersUpdate) => void] {
  const [params, setParams] = useSearchParams();
  const filters: ScheduleFilters = {
    monday: scheduleWeekStart(params.get(SCHEDULE_PARAMS.week), now, tz),
    locationId: idParam(params.get(SCHEDULE_PARAMS.location)),
    instructorId: idParam(params.get(SCHEDULE_PARAMS.instructor)),
  };
  const current = currentWeekStart(now, tz);
  const update = useCallback(
    (next: ScheduleFiltersUpdate) => {
      setParams(
        (previous) => {
          const out = new URLSearchParams(previous);
          const put = (key: string, value: string | number | null | undefined) => {
            if (value === undefined) return;
            if (value === null) out.delete(key);
            else out.set(key, String(value));
          };
          if (next.monday !== undefined) put(SCHEDULE_PARAMS.week, next.monday === current ? null : next.monday);
          put(SCHEDULE_PARAMS.location, next.locationId);
          put(SCHEDULE_PARAMS.instructor, next.instructorId);
          return out;
        },
        // Filters and weeks refine one view: they replace the entry, so Back leaves the schedule.
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams, current],
  );
  return [filters, update];
}

/** The same filters in component state, for the landing's section (the landing's URL stays '/'). */
export function useLocalScheduleFilters(now: Date, tz: string): [ScheduleFilters, (update: ScheduleFiltersUpdate) => void] {
  const [filters, setFilters] = useState<ScheduleFilters>(() => ({ monday: currentWeekStart(now, tz), locationId: null, instructorId: null }));
  const update = useCallback((next: ScheduleFiltersUpdate) => setFilters((previous) => ({ ...previous, ...next })), []);
  return [filters, update];
}
