import type { Location } from '@studio/shared/types/catalogue';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

async function fetchLocations(signal?: AbortSignal): Promise<Location[]> {
  const { locations } = await api.get<{ locations: Location[] }>('/locations', { signal });
  return locations;
}

/** The studio's locations (by id, as the API lists them); the screen shows a failure in place. */
export const locationsQuery = queryOptions({
  queryKey: ['locations', 'list'] as const,
  queryFn: ({ signal }) => fetchLocations(signal),
  staleTime: 5 * 60_000,
  meta: { alert: false },
});

/**
 * A plain Google Maps search link for an address. A link, not an embedded
 * map: nothing from a third party loads until the visitor asks for it.
 */
export function mapSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
