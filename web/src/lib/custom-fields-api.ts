import type { CustomFieldObject } from '@studio/shared/schemas/catalogue/custom-fields';
import type { CustomField } from '@studio/shared/types/catalogue';
import { api } from './api-client';
import { queryOptions } from './server-data';

/**
 * GET /custom_fields?object=: the studio's extra questions of one kind (the
 * profile's, ADR 0086; the booking's, ADR 0115). They change only when an
 * admin edits them; a screen that cannot read them says so itself.
 */
export const customFieldsQuery = (object: CustomFieldObject) =>
  queryOptions({
    queryKey: ['custom_fields', object] as const,
    queryFn: async ({ signal }) => (await api.get<{ custom_fields: CustomField[] }>(`/custom_fields?object=${object}`, { signal })).custom_fields,
    meta: { alert: false },
  });
