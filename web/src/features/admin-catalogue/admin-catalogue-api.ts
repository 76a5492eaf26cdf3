import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';
import type { CatalogueRecord, ResourceDescriptor } from './resource-descriptor';

/** Query keys: one prefix per resource, so a change refreshes its list and its records together. */
export const catalogueKeys = {
  resource: (d: ResourceDescriptor) => ['admin-catalogue', d.key] as const,
  list: (d: ResourceDescriptor) => [...catalogueKeys.resource(d), 'list'] as const,
  page: (d: ResourceDescriptor, page: number, search: string) => [...catalogueKeys.list(d), page, search] as const,
  one: (d: ResourceDescriptor, id: number) => [...catalogueKeys.resource(d), id] as const,
};

/** GET /<resource>: the whole list (catalogues are small; the screen searches and pages it). Shown in place when it fails. */
export const resourceListQuery = (d: ResourceDescriptor) =>
  queryOptions({
    queryKey: catalogueKeys.list(d),
    queryFn: async ({ signal }) => (await api.get<Record<string, CatalogueRecord[]>>(d.api, { signal }))[d.many] ?? [],
    meta: { alert: false },
  });

/** One page of a list the server pages (`paging: 'server'`): its records, how many match in all, and how many a page holds. */
export interface ResourcePage {
  records: CatalogueRecord[];
  total: number;
  pageSize: number;
}

/** GET /<resource>?page&query, for `paging: 'server'`; the rows shown stay while the next page loads. */
export const resourcePageQuery = (d: ResourceDescriptor, page: number, search: string) =>
  queryOptions({
    queryKey: catalogueKeys.page(d, page, search),
    queryFn: async ({ signal }): Promise<ResourcePage> => {
      const params = new URLSearchParams({ page: String(page), ...(search ? { query: search } : {}) });
      const answer = await api.get<Record<string, unknown>>(`${d.api}?${params}`, { signal });
      const records = (answer[d.many] as CatalogueRecord[] | undefined) ?? [];
      return {
        records,
        total: typeof answer.total === 'number' ? answer.total : records.length,
        pageSize: typeof answer.page_size === 'number' && answer.page_size > 0 ? answer.page_size : Math.max(records.length, 1),
      };
    },
    placeholderData: (previous) => previous,
    meta: { alert: false },
  });

/** GET /<resource>/{id}, for the edit form. */
export const resourceQuery = (d: ResourceDescriptor, id: number) =>
  queryOptions({
    queryKey: catalogueKeys.one(d, id),
    queryFn: async ({ signal }) => (await api.get<Record<string, CatalogueRecord>>(`${d.api}/${id}`, { signal }))[d.one],
    meta: { alert: false },
  });

/** POST when there is no id yet, else PUT; the body (resource-form-values.ts) already carries the id or the create marker. */
export async function saveResource(d: ResourceDescriptor, body: Record<string, unknown>, id: number | null): Promise<CatalogueRecord | undefined> {
  const answer = id === null ? await api.post<Record<string, CatalogueRecord>>(d.api, body) : await api.put<Record<string, CatalogueRecord>>(d.api, body);
  return answer[d.one];
}

/** DELETE /<resource>/{id}: archives it; 409 while something upcoming uses it. */
export async function deleteResource(d: ResourceDescriptor, id: number): Promise<void> {
  await api.delete<null>(`${d.api}/${id}`);
}
