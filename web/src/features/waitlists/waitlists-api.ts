import type { Waitlist } from '@studio/shared/schemas/waitlist';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** How often the positions are read again while the screen is visible ("live position", issue 11). */
export const WAITLIST_REFRESH_MS = 15_000;

export async function fetchWaitlists(signal?: AbortSignal): Promise<Waitlist[]> {
  const { waitlists } = await api.get<{ waitlists: Waitlist[] }>('/waitlist', { signal });
  return waitlists;
}

/** DELETE /waitlist/{id}: the customer leaves the line; the answer is the ended entry (no message: the screen says the spec's). */
export async function leaveWaitlist(waitlistId: number): Promise<Waitlist> {
  const { waitlist } = await api.delete<{ waitlist: Waitlist }>(`/waitlist/${waitlistId}`);
  return waitlist;
}

/**
 * `waitlist` is this screen's; `single_class` is the schedule's prefix (its
 * classes carry the caller's `my_waitlist`), invalidated by key so the
 * calendar shows the change without this feature importing it.
 */
export const waitlistsKeys = {
  all: ['waitlist'] as const,
  list: () => [...waitlistsKeys.all, 'list'] as const,
  schedule: ['single_class'] as const,
};

/**
 * GET /waitlist: the caller's entries still waiting, soonest class first, each
 * with its live position. Read again every 15 s; TanStack Query pauses the
 * interval while the tab is hidden and refetches when it shows again.
 */
export const waitlistsQuery = queryOptions({
  queryKey: waitlistsKeys.list(),
  queryFn: ({ signal }) => fetchWaitlists(signal),
  refetchInterval: WAITLIST_REFRESH_MS,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: true,
  meta: { alert: false, private: true },
});
