import type { VideoFields } from '@studio/shared/types/videos';
import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Query, Transaction } from '../store/types';
import { readDoc } from './read';

/**
 * videos/{video_id}: on-demand videos; field names are the spec's (tags stored
 * as ids). No search terms are stored: a search computes them from today's
 * catalogue (docs/adr/0119); videos written before may still carry an unread
 * `search_terms`, dropped at their next write.
 */
export type VideoDoc = VideoFields;

/** Equality filters (and at most one array-contains): no composite index needed. */
export interface VideoFilter {
  equals: Partial<Record<'available' | 'class_category_id' | 'class_type_id' | 'instructor_id' | 'video_type_id' | 'program_id', number | boolean>>;
  contains?: { field: 'tag_ids'; value: number };
}

const videos = (store: DocumentStore) => typedCollection<VideoDoc>(store, 'videos');
export const videoRef = (store: DocumentStore, id: number) => videos(store).doc(String(id));

export async function getVideo(store: DocumentStore, id: number, tx?: Transaction): Promise<VideoDoc | null> {
  const snap = await readDoc(videoRef(store, id), tx);
  return snap.data() ?? null;
}

/** Videos matching every filter, unordered (callers sort and page what matched). */
export async function findVideos(store: DocumentStore, filter: VideoFilter): Promise<VideoDoc[]> {
  let query: Query<VideoDoc> = videos(store);
  for (const [field, value] of Object.entries(filter.equals)) {
    if (value !== undefined) query = query.where(field, '==', value);
  }
  if (filter.contains) query = query.where(filter.contains.field, 'array-contains', filter.contains.value);
  const result = await query.get();
  return result.docs.map((doc) => doc.data());
}

export function createVideo(store: DocumentStore, tx: Transaction, video: VideoDoc): void {
  tx.create(videoRef(store, video.video_id), { ...video });
}

export function replaceVideo(store: DocumentStore, tx: Transaction, video: VideoDoc): void {
  tx.set(videoRef(store, video.video_id), { ...video });
}

export function deleteVideo(store: DocumentStore, tx: Transaction, id: number): void {
  tx.delete(videoRef(store, id));
}
