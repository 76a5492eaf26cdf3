import type { ScheduleRelease, ScheduleReleaseCreate, ScheduleReleasesResponse } from '@studio/shared/schemas/schedule-release';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** The scaling is changed by a server job at window boundaries: reading it again this often keeps the screen's line true while it stays open. */
const SCALING_REFRESH_MS = 60_000;

export const scheduleReleaseKeys = {
  all: ['admin-schedule-releases'] as const,
};

/** GET /schedule_releases: releases whose warm window has not ended, and the scaling applied now. Failures show in place. */
export const scheduleReleasesQuery = queryOptions({
  queryKey: scheduleReleaseKeys.all,
  queryFn: ({ signal }) => api.get<ScheduleReleasesResponse>('/schedule_releases', { signal }),
  refetchInterval: SCALING_REFRESH_MS,
  meta: { alert: false },
});

/** POST /schedule_releases (201); 400 with a Spanish message when the date is past, too far, or there are too many. */
export async function createScheduleRelease({ body, idempotencyKey }: { body: ScheduleReleaseCreate; idempotencyKey: string }): Promise<ScheduleRelease> {
  return (await api.post<{ data: ScheduleRelease }>('/schedule_releases', body, { idempotencyKey })).data;
}

/** DELETE /schedule_releases/{id} (204). */
export async function deleteScheduleRelease(id: string): Promise<void> {
  await api.delete<null>(`/schedule_releases/${encodeURIComponent(id)}`);
}
