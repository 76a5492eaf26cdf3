import { studioDay } from '@studio/shared/format/dates';
import {
  CHECK_IN_CODE_PATTERN,
  type CheckInByCodeResult,
  type CheckInLookup,
  type ClassRoster,
  type RosterReservation,
} from '@studio/shared/schemas/class-roster';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** Query keys of the desk's check-in. */
export const checkInKeys = {
  all: ['check_in'] as const,
  code: (code: string) => [...checkInKeys.all, code] as const,
};

/**
 * The code in what the desk typed, pasted or scanned: a code (`R123-abcdef`,
 * either case) or the QR's link (`…/admin/reservaciones/123?code=R123-abcdef`).
 * Null when there is none; the server still checks that the studio made it.
 */
export function normalizeCheckInCode(text: string): string | null {
  const raw = text.trim();
  let candidate = raw;
  if (raw.includes('?') || raw.includes('/')) {
    try {
      // A relative link is read against any base: only its ?code= matters.
      candidate = new URL(raw, 'https://studio.invalid').searchParams.get('code') ?? '';
    } catch {
      return null;
    }
  }
  const match = CHECK_IN_CODE_PATTERN.exec(candidate.trim());
  return match ? `R${match[1]}-${(match[2] as string).toLowerCase()}` : null;
}

/**
 * GET /check_in/{code} (admin): the customer, class, spot and whether already
 * checked in. Failures are shown in place (400, 404). Never fresh for long: the
 * desk looks again to see a check-in made elsewhere.
 */
export const checkInLookupQuery = (code: string) =>
  queryOptions({
    queryKey: checkInKeys.code(code),
    queryFn: ({ signal }) => api.get<CheckInLookup>(`/check_in/${encodeURIComponent(code)}`, { signal }),
    staleTime: 0,
    meta: { alert: false },
  });

/** POST /check_in {code} (admin): the class's own check-in, answered with the lookup after it. */
export function checkInByCode(code: string): Promise<CheckInByCodeResult> {
  return api.post<CheckInByCodeResult>('/check_in', { code });
}

/**
 * Today's reservations for the name search: GET /single_class for the
 * studio's current day (the console's own read; cancelled classes left out)
 * and each class's roster, GET /single_class/{id}/roster. Existing admin
 * reads (a day has a handful of classes), so no new endpoint; the search
 * itself runs on the screen. The day is taken when the read runs, so a kiosk
 * left on overnight reads the new day.
 */
export const dayRosterQuery = (timezone: string | undefined) =>
  queryOptions({
    queryKey: [...checkInKeys.all, 'today', timezone ?? ''] as const,
    queryFn: async ({ signal }): Promise<DayReservation[]> => {
      const day = studioDay(new Date(), timezone);
      const params = new URLSearchParams({ start_date: day, end_date: day });
      const { single_classes } = await api.get<{ single_classes: SingleClass[] }>(`/single_class?${params.toString()}`, { signal });
      const classes = single_classes.filter((c) => c.status === 'scheduled');
      const rosters = await Promise.all(classes.map((c) => api.get<ClassRoster>(`/single_class/${c.single_class_id}/roster`, { signal })));
      return classes.flatMap((cls, i) => (rosters[i]?.reservations ?? []).map((reservation) => ({ cls, reservation })));
    },
    staleTime: 0,
    meta: { alert: false },
  });

export interface DayReservation {
  cls: SingleClass;
  reservation: RosterReservation;
}

/** POST /single_class/{id}/check_in {class_reservation_id} (admin): the roster's check-in (window, penalties; idempotent). */
export function checkInReservation(singleClassId: number, classReservationId: number): Promise<unknown> {
  return api.post(`/single_class/${singleClassId}/check_in`, { class_reservation_id: classReservationId });
}
