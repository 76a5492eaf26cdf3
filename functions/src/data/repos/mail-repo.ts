import { typedCollection } from '../store/typed-collection';
import type { DocumentStore } from '../store/types';
import { StoreError } from '../store/types';
import { readDoc } from './read';

/** What an e-mail is about (docs/mail; 'video-rating': docs/videos; purchases and payments: docs/mail "Purchases and payments"). */
export type MailKind =
  | 'booked'
  | 'promoted'
  | 'cancelled'
  | 'class-cancelled'
  | 'waitlist-closed'
  | 'video-rating'
  | 'cash-pending'
  | 'oxxo-voucher'
  | 'purchase-paid'
  | 'purchase-cancelled'
  | 'trial-started'
  | 'renewal-paid'
  | 'renewal-failed'
  | 'customer-created';

/** An attachment as the Trigger Email extension passes it to Nodemailer. */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/**
 * mail/{mail_id}: one e-mail in the format of Firebase's Trigger Email
 * extension (`to` and `message` are its fields; the extension adds `delivery`
 * when it sends), plus our own fields saying what it is about. The id is
 * derived from the event it reports (`reservation-12-booked`), so a trigger
 * delivered twice finds it instead of sending a second e-mail.
 */
export interface MailDoc {
  to: string;
  message: {
    subject: string;
    html: string;
    text: string;
    attachments?: MailAttachment[];
  };
  kind: MailKind;
  customer_id: number;
  reference: { type: 'class_reservation' | 'waitlist' | 'video' | 'purchase' | 'invoice' | 'customer'; id: number };
  createdAt: Date;
}

const mail = (store: DocumentStore) => typedCollection<MailDoc>(store, 'mail');
const mailRef = (store: DocumentStore, id: string) => mail(store).doc(id);

/**
 * Writes the e-mail unless one with that id exists: read and create (with its
 * precondition) in one transaction, so two deliveries racing each other write
 * it once. Answers whether this call wrote it.
 */
export async function createMailOnce(store: DocumentStore, id: string, doc: MailDoc): Promise<boolean> {
  try {
    return await store.runTransaction(async (tx) => {
      if ((await tx.get(mailRef(store, id))).exists) return false;
      tx.create(mailRef(store, id), { ...doc });
      return true;
    });
  } catch (error) {
    // The precondition lost to a concurrent writer: that writer sent it.
    if (error instanceof StoreError && error.code === 'already-exists') return false;
    throw error;
  }
}

export async function mailExists(store: DocumentStore, id: string): Promise<boolean> {
  return (await readDoc(mailRef(store, id))).exists;
}

export async function getMail(store: DocumentStore, id: string): Promise<MailDoc | null> {
  const snap = await readDoc(mailRef(store, id));
  return snap.data() ?? null;
}

/** The newest e-mails first (one ordering on one field: no composite index). */
export async function listRecentMail(store: DocumentStore, limit: number): Promise<Array<{ id: string; mail: MailDoc }>> {
  const result = await mail(store).orderBy('createdAt', 'desc').limit(limit).get();
  return result.docs.map((doc) => ({ id: doc.id, mail: doc.data() }));
}
