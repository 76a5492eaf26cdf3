import type { AcceptedPage, Page } from '@studio/shared/types/api';
import { api } from '../../lib/api-client';
import { queryOptions, useServerQuery } from '../../lib/server-data';

export async function fetchPages(): Promise<Page[]> {
  const { pages } = await api.get<{ pages: Page[] }>('/pages');
  return pages;
}

export async function fetchPage(slug: string, signal?: AbortSignal): Promise<Page> {
  const { page } = await api.get<{ page: Page }>(`/pages/${encodeURIComponent(slug)}`, { signal });
  return page;
}

export async function acceptPage(pageId: number): Promise<AcceptedPage> {
  const { accepted_page } = await api.post<{ accepted_page: AcceptedPage }>('/accepted_pages', { page_id: pageId });
  return accepted_page;
}

/** Query keys of the pages resource; invalidating `all` refreshes the list and every page. */
export const pagesKeys = {
  all: ['pages'] as const,
  list: () => [...pagesKeys.all, 'list'] as const,
  page: (slug: string) => [...pagesKeys.all, 'slug', slug] as const,
};

/** Footer, sign-up and the customer area all need the list; one request per visit serves them all. Failures go to the global alert. */
export const pagesQuery = queryOptions({ queryKey: pagesKeys.list(), queryFn: fetchPages, staleTime: Number.POSITIVE_INFINITY });

/** One content page; the screen shows its own not-found and error states. */
export function pageQuery(slug: string) {
  return queryOptions({ queryKey: pagesKeys.page(slug), queryFn: ({ signal }) => fetchPage(slug, signal), meta: { alert: false } });
}

export function usePages() {
  return useServerQuery(pagesQuery);
}
