import { CHECK_IN_CODE_PATTERN, type CheckInByCodeResult, type CheckInLookup } from '@studio/shared/schemas/class-roster';
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
