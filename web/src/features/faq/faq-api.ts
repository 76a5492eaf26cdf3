import type { Page } from '@studio/shared/types/api';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** The FAQ's content is the content page with this slug (docs/public-site: "Public pages"). */
export const FAQ_SLUG = 'preguntas-frecuentes';

async function fetchFaqPage(signal?: AbortSignal): Promise<Page> {
  const { page } = await api.get<{ page: Page }>(`/pages/${FAQ_SLUG}`, { signal });
  return page;
}

/** Same key as any content page (['pages', 'slug', slug]), so saving pages refreshes the FAQ too. */
export const faqPageQuery = queryOptions({
  queryKey: ['pages', 'slug', FAQ_SLUG] as const,
  queryFn: ({ signal }) => fetchFaqPage(signal),
  meta: { alert: false },
});
