import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';
import type { CatalogueRecord, ResourceDescriptor } from './resource-descriptor';

/** Query keys: one prefix per resource, so a change refreshes its list and its records together. */
export const catalogueKeys = {
  resource: (d: ResourceDescriptor) => ['admin-catalogue', d.key] as const,
  list: (d: ResourceDescriptor) => [...catalogueKeys.resource(d), 'list'] as const,
  one: (d: ResourceDescriptor, id: number) => [...catalogueKeys.resource(d), id] as const,
};

/** GET /<resource>: the whole list (catalogues are small; the screen searches and pages it). Shown in place when it fails. */
export const resourceListQuery = (d: ResourceDescriptor) =>
  queryOptions({
    queryKey: catalogueKeys.list(d),
    queryFn: async ({ signal }) => (await api.get<Record<string, CatalogueRecord[]>>(d.api, { signal }))[d.many] ?? [],
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
