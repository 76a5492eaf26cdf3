import type { AvailableClass } from '@studio/shared/schemas/access';
import type { ClassType } from '@studio/shared/types/catalogue';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

export async function fetchCredits(signal?: AbortSignal): Promise<AvailableClass[]> {
  const { available_classes } = await api.get<{ available_classes: AvailableClass[] }>('/available_classes', { signal });
  return available_classes;
}

export async function fetchClassTypes(signal?: AbortSignal): Promise<ClassType[]> {
  const { class_types } = await api.get<{ class_types: ClassType[] }>('/class_types', { signal });
  return class_types;
}

export const creditsKeys = {
  list: ['available_classes', 'list'] as const,
  classTypes: ['class_types', 'list'] as const,
};

/** GET /available_classes: the caller's usable in-person lots, earliest expiry first (ADR 0043). The screen shows its own failure. */
export const creditsQuery = queryOptions({
  queryKey: creditsKeys.list,
  queryFn: ({ signal }) => fetchCredits(signal),
  meta: { alert: false, private: true },
});

/** GET /class_types (public): the names of the types a lot is valid for; without them the lot shows the type's number. */
export const classTypesQuery = queryOptions({
  queryKey: creditsKeys.classTypes,
  queryFn: ({ signal }) => fetchClassTypes(signal),
  meta: { alert: false },
});
