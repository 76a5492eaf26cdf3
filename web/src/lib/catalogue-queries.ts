import type { ClassType, Instructor, Location } from '@studio/shared/types/catalogue';
import { api } from './api-client';
import { queryOptions } from './server-data';

/**
 * The public catalogue lists that several features read (the schedule's
 * filters, the location page, the landing, credits, on-demand videos, the
 * console's forms): one query each, so every screen shares one cache entry and
 * one freshness rule instead of declaring the same key apart (issue 26).
 * Only lazily loaded code imports this module (it pulls in server-data).
 */
export const catalogueListKeys = {
  locations: ['locations', 'list'] as const,
  instructors: ['instructors', 'list'] as const,
  classTypes: ['class_types', 'list'] as const,
};

/** Catalogue lists change rarely; a visit reads each once. Screens show a failure in place (or do without the list). */
const CATALOGUE_STALE_MS = 5 * 60_000;

/** GET /locations (public). */
export const locationsQuery = queryOptions({
  queryKey: catalogueListKeys.locations,
  queryFn: async ({ signal }): Promise<Location[]> => (await api.get<{ locations: Location[] }>('/locations', { signal })).locations,
  staleTime: CATALOGUE_STALE_MS,
  meta: { alert: false },
});

/** GET /instructors (public). */
export const instructorsQuery = queryOptions({
  queryKey: catalogueListKeys.instructors,
  queryFn: async ({ signal }): Promise<Instructor[]> => (await api.get<{ instructors: Instructor[] }>('/instructors', { signal })).instructors,
  staleTime: CATALOGUE_STALE_MS,
  meta: { alert: false },
});

/** GET /class_types (public). */
export const classTypesQuery = queryOptions({
  queryKey: catalogueListKeys.classTypes,
  queryFn: async ({ signal }): Promise<ClassType[]> => (await api.get<{ class_types: ClassType[] }>('/class_types', { signal })).class_types,
  staleTime: CATALOGUE_STALE_MS,
  meta: { alert: false },
});
