import type { Page } from '@studio/shared/types/pages';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** Where the console mounts these screens (app/routes wires them). */
export const PAGES_PATH = '/admin/paginas';

export const pageKeys = {
  all: ['admin-pages'] as const,
};

/**
 * GET /pages: every page with its content. The API reads one page by slug
 * only, so the edit form takes its page from this list (pages are few).
 */
export const pageListQuery = () =>
  queryOptions({
    queryKey: pageKeys.all,
    queryFn: async ({ signal }) => (await api.get<{ pages: Page[] }>('/pages', { signal })).pages,
    meta: { alert: false },
  });

/** POST without an id, PUT with it (the body carries page_id, as the API expects). */
export async function savePage(body: Record<string, unknown>, id: number | null): Promise<Page> {
  const answer = id === null ? await api.post<{ page: Page }>('/pages', body) : await api.put<{ page: Page }>('/pages', body);
  return answer.page;
}

export async function deletePage(id: number): Promise<void> {
  await api.delete<null>(`/pages/${id}`);
}
