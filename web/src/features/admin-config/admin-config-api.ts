import { type AppConfigEntry, configFromEntries } from '@studio/shared/config/app-config';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

export const configKeys = { all: ['admin-config'] as const };

/**
 * GET /appconfig, read afresh for the screen: the boot-time copy in
 * lib/app-config may be older than another admin's last save.
 */
export const configQuery = () =>
  queryOptions({
    queryKey: configKeys.all,
    queryFn: async ({ signal }) => configFromEntries(await api.get<AppConfigEntry[]>('/appconfig', { signal })),
    meta: { alert: false },
  });

/** PUT /appconfig {entries}: only the keys of the section being saved. */
export async function saveConfigEntries(entries: AppConfigEntry[]): Promise<void> {
  await api.put<unknown>('/appconfig', { entries });
}
