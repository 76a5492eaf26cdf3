import { sanitizeHtml } from '@studio/shared/format/sanitize-html';
import { messages } from '@studio/shared/messages';
import type { PageCreateInput, PageUpdateInput } from '@studio/shared/schemas/page';
import type { Page } from '@studio/shared/types/pages';
import { allocateId } from '../data/repos/counters-repo';
import {
  createPage as writeNewPage,
  deletePage as removePage,
  getPage,
  getPageBySlug,
  getSlugOwner,
  listPages,
  type PageDoc,
  replacePage,
} from '../data/repos/pages-repo';
import type { Deps } from '../deps';
import { AppError } from '../domain/errors';

const notFound = () => new AppError('not-found', 'pages/not-found', messages.pages.notFound);
const slugTaken = () => new AppError('conflict', 'pages/slug-taken', messages.pages.slugTaken, { slug: messages.pages.slugTaken });

export function toPageDto(doc: PageDoc): Page {
  return {
    page_id: doc.page_id,
    title: doc.title,
    slug: doc.slug,
    content: doc.content,
    required: doc.required,
    required_signup: doc.required_signup,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

export async function listAllPages(deps: Deps): Promise<Page[]> {
  return (await listPages(deps.store)).map(toPageDto);
}

export async function getPageForSlug(deps: Deps, slug: string): Promise<Page> {
  const doc = await getPageBySlug(deps.store, slug);
  if (!doc) throw notFound();
  return toPageDto(doc);
}

/**
 * Content is admin-authored HTML that customers' browsers render, so it is
 * sanitised on write (allow-list, docs/catalogue "Pages"): what is stored is
 * already safe, whoever reads it. Empty content is stored as null so "pages
 * with content" is one simple test.
 */
function contentOf(content: string | null | undefined): string | null {
  if (content === undefined || content === null) return null;
  const clean = sanitizeHtml(content);
  return clean.trim() === '' ? null : clean;
}

export async function createPage(deps: Deps, input: PageCreateInput): Promise<Page> {
  const page = await deps.store.runTransaction(async (tx) => {
    if ((await getSlugOwner(deps.store, input.slug, tx)) !== null) throw slugTaken();
    const pageId = await allocateId(deps.store, tx, 'pages');
    const now = deps.now();
    const doc: PageDoc = {
      page_id: pageId,
      title: input.title.trim(),
      slug: input.slug,
      content: contentOf(input.content),
      required: input.required ?? false,
      required_signup: input.required_signup ?? false,
      createdAt: now,
      updatedAt: now,
    };
    writeNewPage(deps.store, tx, doc);
    return doc;
  });
  return toPageDto(page);
}

export async function updatePage(deps: Deps, input: PageUpdateInput): Promise<Page> {
  const page = await deps.store.runTransaction(async (tx) => {
    const before = await getPage(deps.store, input.page_id, tx);
    if (!before) throw notFound();
    if (input.slug !== before.slug) {
      const owner = await getSlugOwner(deps.store, input.slug, tx);
      if (owner !== null && owner !== before.page_id) throw slugTaken();
    }
    const after: PageDoc = {
      ...before,
      title: input.title.trim(),
      slug: input.slug,
      content: contentOf(input.content),
      required: input.required ?? before.required,
      required_signup: input.required_signup ?? before.required_signup,
      updatedAt: deps.now(),
    };
    replacePage(deps.store, tx, before, after);
    return after;
  });
  return toPageDto(page);
}

export async function deletePage(deps: Deps, pageId: number): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const page = await getPage(deps.store, pageId, tx);
    if (!page) throw notFound();
    removePage(deps.store, tx, page);
  });
}
