import type { AcceptedPage, Page } from '@studio/shared/types/api';
import { api } from '../../lib/api-client';

export async function fetchPages(): Promise<Page[]> {
  const { pages } = await api.get<{ pages: Page[] }>('/pages');
  return pages;
}

export async function fetchPage(slug: string): Promise<Page> {
  const { page } = await api.get<{ page: Page }>(`/pages/${encodeURIComponent(slug)}`);
  return page;
}

export async function acceptPage(pageId: number): Promise<AcceptedPage> {
  const { accepted_page } = await api.post<{ accepted_page: AcceptedPage }>('/accepted_pages', { page_id: pageId });
  return accepted_page;
}
