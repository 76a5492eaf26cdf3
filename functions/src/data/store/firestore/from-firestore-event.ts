import type { Change, DocumentSnapshot as FunctionsSnapshot, FirestoreEvent } from 'firebase-functions/v2/firestore';
import type { DocumentChangeEvent } from '../types';
import { FirestoreDocumentSnapshot } from './firestore-store';

/** The event an `onDocumentWritten` function receives, in the shape our triggers take. */
export type FirestoreWrittenEvent = FirestoreEvent<Change<FunctionsSnapshot> | undefined, Record<string, string>>;

/**
 * Converts a firebase-functions v2 `onDocumentWritten` event into a
 * DocumentChangeEvent, so one handler serves the deployed function and the
 * local dispatcher. A side that does not exist (create's before, delete's
 * after) becomes null, as the local dispatcher reports it.
 */
export function fromFirestoreEvent(event: FirestoreWrittenEvent): DocumentChangeEvent {
  const side = (snapshot: FunctionsSnapshot | undefined) => (snapshot?.exists ? new FirestoreDocumentSnapshot(snapshot) : null);
  return {
    eventId: event.id,
    params: { ...event.params },
    before: side(event.data?.before),
    after: side(event.data?.after),
    time: new Date(event.time),
  };
}
