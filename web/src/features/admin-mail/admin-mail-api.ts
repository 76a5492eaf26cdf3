import type { MailDetail, MailListPage } from '@studio/shared/schemas/mail';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** Query keys of the sent e-mail screen. */
export const adminMailKeys = {
  all: ['mail'] as const,
  list: (page: number, to: string) => [...adminMailKeys.all, 'list', page, to] as const,
  detail: (id: string) => [...adminMailKeys.all, 'detail', id] as const,
};

/** GET /mail?page&to (admin): one page of 50, newest first; failures are shown in place. */
export const mailListQuery = (page: number, to: string) =>
  queryOptions({
    queryKey: adminMailKeys.list(page, to),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (to) params.set('to', to);
      return api.get<MailListPage>(`/mail?${params.toString()}`, { signal });
    },
    meta: { alert: false },
  });

/** GET /mail/{id} (admin): one e-mail with its text body. */
export const mailDetailQuery = (id: string) =>
  queryOptions({
    queryKey: adminMailKeys.detail(id),
    queryFn: async ({ signal }) => (await api.get<{ mail: MailDetail }>(`/mail/${encodeURIComponent(id)}`, { signal })).mail,
    meta: { alert: false },
  });
