import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { readDoc } from './read';

/**
 * customers/{uid}/video_marks/{video_id}: one customer's marks on one video
 * (completed, favorite). Keyed by the customer and the video, so marking is
 * idempotent by construction and a rush of customers marking the same video
 * writes as many documents as there are customers (ADR 0009). A document
 * whose marks are both off is deleted.
 */
export interface VideoMarkDoc {
  video_id: number;
  uid: string;
  completed: boolean;
  /** When it was first marked complete (kept while it stays complete); null when not complete. */
  completedAt: Date | null;
  favorite: boolean;
  /** When it was added to favorites: the favorites list is newest first by it. */
  favoritedAt: Date | null;
  updatedAt: Date;
}

const marksOf = (store: DocumentStore, uid: string) => typedCollection<VideoMarkDoc>(store, `customers/${uid}/video_marks`);
const markRef = (store: DocumentStore, uid: string, videoId: number) => marksOf(store, uid).doc(String(videoId));

export async function getVideoMark(store: DocumentStore, uid: string, videoId: number, tx?: Transaction): Promise<VideoMarkDoc | null> {
  const snap = await readDoc(markRef(store, uid, videoId), tx);
  return snap.data() ?? null;
}

/**
 * Every mark of one customer (one query on their own subcollection, no
 * index): a customer marks at most the studio's library, hundreds of videos.
 */
export async function listVideoMarks(store: DocumentStore, uid: string): Promise<VideoMarkDoc[]> {
  const result = await marksOf(store, uid).get();
  return result.docs.map((doc) => doc.data());
}

/** Writes the mark, or deletes it when neither mark is on (nothing left to remember). */
export function putVideoMark(store: DocumentStore, tx: Transaction, mark: VideoMarkDoc): void {
  const ref = markRef(store, mark.uid, mark.video_id);
  if (!mark.completed && !mark.favorite) tx.delete(ref);
  else tx.set(ref, { ...mark });
}
