import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Query } from '../store/types';
import type { MailDoc } from './mail-repo';

/**
 * What the Trigger Email extension adds to mail/{id} once it processes it
 * (firestore-send-email: `delivery.state` goes PENDING → PROCESSING → SUCCESS
 * or ERROR, RETRY between attempts). Absent until then, and always locally,
 * where nothing sends.
 */
export interface MailDelivery {
  state?: string;
  error?: string | null;
  attempts?: number;
  startTime?: Date;
  endTime?: Date;
}

/** A stored e-mail as the admin list reads it: our fields plus the extension's. */
export type StoredMail = MailDoc & { delivery?: MailDelivery };

const storedMail = (store: DocumentStore) => typedCollection<StoredMail>(store, 'mail');

/** The e-mails to one address (exact match on `to`), or all of them. */
function mailTo(store: DocumentStore, to: string | undefined): Query<StoredMail> {
  const all = storedMail(store);
  return to === undefined ? all : all.where('to', '==', to);
}

/**
 * One page of e-mails, newest first, and how many match. Newest first with a
 * recipient filter needs the composite index (to ASC, createdAt DESC) in
 * firestore.indexes.json; the count needs none (equality only).
 */
export async function listMailPage(
  store: DocumentStore,
  options: { to?: string; offset: number; limit: number },
): Promise<{ mail: Array<{ id: string; mail: StoredMail }>; total: number }> {
  const query = mailTo(store, options.to);
  const [page, total] = await Promise.all([query.orderBy('createdAt', 'desc').offset(options.offset).limit(options.limit).get(), query.count()]);
  return { mail: page.docs.map((doc) => ({ id: doc.id, mail: doc.data() })), total };
}

export async function getStoredMail(store: DocumentStore, id: string): Promise<StoredMail | null> {
  const snap = await storedMail(store).doc(id).get();
  return snap.data() ?? null;
}
