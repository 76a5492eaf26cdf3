import type { VideoRatingFields } from '@studio/shared/types/videos';
import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { readDoc } from './read';

/**
 * videos/{video_id}/ratings/{uid}: one customer's rating of one video. Each
 * rater writes only their own document; nothing shared (no running sum on the
 * video) is written, so concurrent raters never contend (ADR 0009). The
 * average is computed on read from count aggregations (starCounts).
 */
export type VideoRatingDoc = VideoRatingFields;

const ratingsOf = (store: DocumentStore, videoId: number) => typedCollection<VideoRatingDoc>(store, `videos/${videoId}/ratings`);
const ratingRef = (store: DocumentStore, videoId: number, uid: string) => ratingsOf(store, videoId).doc(uid);

export async function getVideoRating(store: DocumentStore, videoId: number, uid: string, tx?: Transaction): Promise<VideoRatingDoc | null> {
  const snap = await readDoc(ratingRef(store, videoId, uid), tx);
  return snap.data() ?? null;
}

export function putVideoRating(store: DocumentStore, tx: Transaction, rating: VideoRatingDoc): void {
  tx.set(ratingRef(store, rating.video_id, rating.uid), { ...rating });
}

/**
 * How many ratings of the video have each number of stars: one count
 * aggregation per star value (an equality on one field of a collection: the
 * automatic single-field index serves it). Aggregations read index entries,
 * not documents, so this stays cheap however many customers rated.
 */
export async function starCounts(store: DocumentStore, videoId: number, stars: readonly number[]): Promise<Map<number, number>> {
  const counts = await Promise.all(stars.map((n) => ratingsOf(store, videoId).where('stars', '==', n).count()));
  return new Map(stars.map((n, i) => [n, counts[i] ?? 0]));
}
