import type { Announcement } from '@studio/shared/types/catalogue';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

async function fetchAnnouncements(signal?: AbortSignal): Promise<Announcement[]> {
  const { announcements } = await api.get<{ announcements: Announcement[] }>('/announcements', { signal });
  return announcements;
}

/** The public notice board, newest first as the server sorts it; screens show failures in place. */
export const announcementsQuery = queryOptions({
  queryKey: ['announcements', 'list'] as const,
  queryFn: ({ signal }) => fetchAnnouncements(signal),
  meta: { alert: false },
});
