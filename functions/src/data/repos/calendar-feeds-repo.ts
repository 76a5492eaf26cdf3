import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { readDoc } from './read';

/**
 * calendar_feeds/{uid}: the customer's private calendar feed. The feed's URL
 * token is never stored: `seed` (random) is what the server derives it from
 * with a server key, and `token_hash` (sha256 of the token, hex) is how a
 * request's token is recognised.
 */
export interface CalendarFeedDoc {
  uid: string;
  seed: string;
  token_hash: string;
  created_at: Date;
}

/** calendar_feed_tokens/{token_hash}: which customer a live token belongs to (the lookup by token). */
export interface CalendarFeedTokenDoc {
  uid: string;
  created_at: Date;
}

const feedRef = (store: DocumentStore, uid: string) => typedCollection<CalendarFeedDoc>(store, 'calendar_feeds').doc(uid);
const tokenRef = (store: DocumentStore, tokenHash: string) => typedCollection<CalendarFeedTokenDoc>(store, 'calendar_feed_tokens').doc(tokenHash);

export async function getCalendarFeed(store: DocumentStore, uid: string, tx?: Transaction): Promise<CalendarFeedDoc | null> {
  const snap = await readDoc(feedRef(store, uid), tx);
  return snap.data() ?? null;
}

/** The owner of a live token (by its hash), or null. */
export async function getCalendarFeedOwner(store: DocumentStore, tokenHash: string, tx?: Transaction): Promise<string | null> {
  const snap = await readDoc(tokenRef(store, tokenHash), tx);
  return snap.exists ? String(snap.get('uid')) : null;
}

/**
 * Writes the customer's feed and its lookup in the caller's transaction; when
 * it replaces one (`previous`), the old lookup goes in the same commit, so
 * the old URL stops working exactly when the new one starts.
 */
export function writeCalendarFeed(store: DocumentStore, tx: Transaction, doc: CalendarFeedDoc, previous: CalendarFeedDoc | null): void {
  if (previous) tx.delete(tokenRef(store, previous.token_hash));
  tx.set(feedRef(store, doc.uid), { ...doc });
  tx.create(tokenRef(store, doc.token_hash), { uid: doc.uid, created_at: doc.created_at } satisfies CalendarFeedTokenDoc);
}
