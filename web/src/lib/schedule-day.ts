import { studioDay } from '@studio/shared/format/dates';
import { scheduleDay } from '@studio/shared/format/schedule-day';
import { useCallback, useState, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The phone schedule's day in the address, Spanish like the other schedule
 * parameters: /calendario?dia=2026-11-30. Left out for today, so a saved link
 * without it always opens on the day it is read.
 */
export const DAY_PARAM = 'dia';

/** Below this width the schedule shows one day under a strip; from it, the week's 7 columns (64rem, as the stylesheets' breakpoint). */
export const NARROW_QUERY = '(max-width: 63.9375rem)';

function subscribeNarrow(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

// Without matchMedia (a test's jsdom, an old engine) the week view shows: it works at every width, the strip is the refinement.
const isNarrow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches;

/** Whether the screen is a phone's (or a narrow window): the schedule then shows the day strip. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribeNarrow, isNarrow, () => false);
}

/** The schedule's day kept in the URL (/calendario, /mystudio, an instructor's page): reload and Back return to it. */
export function useUrlScheduleDay(now: Date, tz: string): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const day = scheduleDay(params.get(DAY_PARAM), now, tz);
  const today = studioDay(now, tz);
  const select = useCallback(
    (next: string) => {
      setParams(
        (previous) => {
          const out = new URLSearchParams(previous);
          if (next === today) out.delete(DAY_PARAM);
          else out.set(DAY_PARAM, next);
          return out;
        },
        // Like the week and the filters: one view refined, so Back leaves the schedule rather than replaying each tap.
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams, today],
  );
  return [day, select];
}

/** The same day in component state, for the landing's section (the landing's URL stays '/'). */
export function useLocalScheduleDay(now: Date, tz: string): [string, (day: string) => void] {
  const [day, setDay] = useState(() => studioDay(now, tz));
  return [day, setDay];
}
