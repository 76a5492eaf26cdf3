import type { AvailableClass } from '@studio/shared/schemas/access';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

export async function fetchCredits(signal?: AbortSignal): Promise<AvailableClass[]> {
  const { available_classes } = await api.get<{ available_classes: AvailableClass[] }>('/available_classes', { signal });
  return available_classes;
}

export const creditsKeys = {
  list: ['available_classes', 'list'] as const,
};

/** GET /available_classes: the caller's usable in-person lots, earliest expiry first (ADR 0043). The screen shows its own failure. */
export const creditsQuery = queryOptions({
  queryKey: creditsKeys.list,
  queryFn: ({ signal }) => fetchCredits(signal),
  meta: { alert: false, private: true },
});
