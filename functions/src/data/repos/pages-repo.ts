import type { PageFields } from '@studio/shared/types/pages';
import { typedCollection } from '../store/typed-collection';
import type { DocumentStore, Transaction } from '../store/types';
import { readDoc, readQuery } from './read';

/** pages/{page_id} (field list: shared/src/types/pages.ts). */
export type PageDoc = PageFields;

const pages = (store: DocumentStore) => typedCollection<PageDoc>(store, 'pages');
export const pageRef = (store: DocumentStore, pageId: number) => pages(store).doc(String(pageId));
/** page_slugs/{slug}: keeps slugs unique under concurrent edits. */
const slugRef = (store: DocumentStore, slug: string) => store.doc(`page_slugs/${slug}`);

export async function listPages(store: DocumentStore): Promise<PageDoc[]> {
  const result = await pages(store).orderBy('page_id').get();
  return result.docs.map((doc) => doc.data());
}

export async function listSignupRequiredPages(store: DocumentStore): Promise<PageDoc[]> {
  const result = await pages(store).where('required_signup', '==', true).get();
  return result.docs.map((doc) => doc.data());
}

export async function getPage(store: DocumentStore, pageId: number, tx?: Transaction): Promise<PageDoc | null> {
  const snap = await readDoc(pageRef(store, pageId), tx);
  return snap.data() ?? null;
}

export async function getPageBySlug(store: DocumentStore, slug: string): Promise<PageDoc | null> {
  const result = await readQuery(pages(store).where('slug', '==', slug).limit(1));
  const doc = result.docs[0];
  return doc ? doc.data() : null;
}

export async function getSlugOwner(store: DocumentStore, slug: string, tx: Transaction): Promise<number | null> {
  const snap = await tx.get(slugRef(store, slug));
  return snap.exists ? Number(snap.get('page_id')) : null;
}

export function createPage(store: DocumentStore, tx: Transaction, page: PageDoc): void {
  tx.create(pageRef(store, page.page_id), { ...page });
  tx.create(slugRef(store, page.slug), { page_id: page.page_id });
}

export function replacePage(store: DocumentStore, tx: Transaction, before: PageDoc, after: PageDoc): void {
  tx.set(pageRef(store, after.page_id), { ...after });
  if (before.slug !== after.slug) {
    tx.delete(slugRef(store, before.slug));
    tx.create(slugRef(store, after.slug), { page_id: after.page_id });
  }
}

export function deletePage(store: DocumentStore, tx: Transaction, page: PageDoc): void {
  tx.delete(pageRef(store, page.page_id));
  tx.delete(slugRef(store, page.slug));
}
