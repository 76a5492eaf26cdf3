import type { ScheduleRelease } from '@studio/shared/schemas/schedule-release';
import type { ScheduleReleaseDoc } from '../../data/repos/schedule-releases-repo';

/** A stored release as the API returns it: instants as ISO strings. */
export function presentRelease(doc: ScheduleReleaseDoc): ScheduleRelease {
  return {
    id: doc.id,
    starts_at: doc.starts_at.toISOString(),
    name: doc.name,
    created_at: doc.created_at.toISOString(),
    created_by: doc.created_by,
  };
}
