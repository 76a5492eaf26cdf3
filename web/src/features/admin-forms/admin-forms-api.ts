import type { CustomFieldObject } from '@studio/shared/schemas/catalogue/custom-fields';
import type { CustomField, Form } from '@studio/shared/types/catalogue';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** Query keys: one prefix per resource, so a save or delete refreshes its lists and its records together. */
export const adminFormsKeys = {
  forms: ['admin-forms', 'forms'] as const,
  formList: ['admin-forms', 'forms', 'list'] as const,
  form: (id: number) => ['admin-forms', 'forms', id] as const,
  customFields: ['admin-forms', 'custom-fields'] as const,
  customFieldList: (object: CustomFieldObject | null) => ['admin-forms', 'custom-fields', 'list', object ?? 'all'] as const,
  customField: (id: number) => ['admin-forms', 'custom-fields', id] as const,
};

/** GET /forms: every live form (few; no paging). Failures show in place. */
export const formsQuery = queryOptions({
  queryKey: adminFormsKeys.formList,
  queryFn: async ({ signal }) => (await api.get<{ forms: Form[] }>('/forms', { signal })).forms,
  meta: { alert: false },
});

/** GET /forms/{id}, for the editor. */
export const formQuery = (id: number) =>
  queryOptions({
    queryKey: adminFormsKeys.form(id),
    queryFn: async ({ signal }) => (await api.get<{ form: Form }>(`/forms/${id}`, { signal })).form,
    meta: { alert: false },
  });

/** POST without an id, else PUT; the body already carries form_id on update. */
export async function saveForm(body: Record<string, unknown>, id: number | null): Promise<Form> {
  const answer = id === null ? await api.post<{ form: Form }>('/forms', body) : await api.put<{ form: Form }>('/forms', body);
  return answer.form;
}

/** DELETE /forms/{id}: archives it; the billing-address form (6) is refused with 409. */
export async function deleteForm(id: number): Promise<void> {
  await api.delete<null>(`/forms/${id}`);
}

/** GET /custom_fields?object=…: the server filters by object type; all of them without one. */
export const customFieldsQuery = (object: CustomFieldObject | null) =>
  queryOptions({
    queryKey: adminFormsKeys.customFieldList(object),
    queryFn: async ({ signal }) =>
      (await api.get<{ custom_fields: CustomField[] }>(object ? `/custom_fields?object=${object}` : '/custom_fields', { signal })).custom_fields,
    meta: { alert: false },
  });

/** GET /custom_fields/{id}, for the edit form. */
export const customFieldQuery = (id: number) =>
  queryOptions({
    queryKey: adminFormsKeys.customField(id),
    queryFn: async ({ signal }) => (await api.get<{ custom_field: CustomField }>(`/custom_fields/${id}`, { signal })).custom_field,
    meta: { alert: false },
  });

/** POST without an id, else PUT; the body already carries custom_field_id on update. */
export async function saveCustomField(body: Record<string, unknown>, id: number | null): Promise<CustomField> {
  const answer =
    id === null ? await api.post<{ custom_field: CustomField }>('/custom_fields', body) : await api.put<{ custom_field: CustomField }>('/custom_fields', body);
  return answer.custom_field;
}

/** DELETE /custom_fields/{id}: archives it. */
export async function deleteCustomField(id: number): Promise<void> {
  await api.delete<null>(`/custom_fields/${id}`);
}
