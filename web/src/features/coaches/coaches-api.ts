import type { Instructor } from '@studio/shared/types/catalogue';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

async function fetchInstructor(id: number, signal?: AbortSignal): Promise<Instructor> {
  const { instructor } = await api.get<{ instructor: Instructor }>(`/instructors/${id}`, { signal });
  return instructor;
}

async function fetchHomeInstructors(signal?: AbortSignal): Promise<Instructor[]> {
  const { instructors } = await api.get<{ instructors: Instructor[] }>('/instructors/home/all', { signal });
  return instructors;
}

export const coachesKeys = {
  all: ['instructors'] as const,
  one: (id: number) => [...coachesKeys.all, 'one', id] as const,
  home: () => [...coachesKeys.all, 'home'] as const,
};

/** One coach or instructor; the screens decide what a 404 means (coach: back home; instructor: not found). */
export function instructorQuery(id: number) {
  return queryOptions({ queryKey: coachesKeys.one(id), queryFn: ({ signal }) => fetchInstructor(id, signal), meta: { alert: false } });
}

/** The landing's coaches (ADR 0015: home flag, by home_order). */
export const homeInstructorsQuery = queryOptions({
  queryKey: coachesKeys.home(),
  queryFn: ({ signal }) => fetchHomeInstructors(signal),
  meta: { alert: false },
});
