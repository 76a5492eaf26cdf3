import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { readQuery } from './read';

/** schedule_releases/{auto id}: a moment an admin publishes a schedule, around which `api` is kept warm (docs/adr/0103). */
export interface ScheduleReleaseDoc {
  id: string;
  starts_at: Date;
  name: string;
  created_at: Date;
  created_by: string;
}

const releases = (store: DocumentStore) => typedCollection<ScheduleReleaseDoc>(store, 'schedule_releases');

/**
 * Releases starting in [from, to], earliest first, at most `limit`: one range
 * on `starts_at` (a single-field index; no composite needed).
 */
export async function listReleasesStartingBetween(
  store: DocumentStore,
  range: { from: Date; to?: Date; limit: number },
  tx?: Transaction,
): Promise<ScheduleReleaseDoc[]> {
  let query = releases(store).where('starts_at', '>=', range.from);
  if (range.to) query = query.where('starts_at', '<=', range.to);
  const result = await readQuery(query.orderBy('starts_at').limit(range.limit), tx);
  return result.docs.map((doc) => doc.data());
}

/** A new release's reference (auto id), so the id can be written into the document in the same create. */
export const newReleaseRef = (store: DocumentStore) => releases(store).doc();

export const releaseRef = (store: DocumentStore, id: string) => releases(store).doc(id);
