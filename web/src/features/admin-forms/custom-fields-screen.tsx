import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages as c } from '@studio/shared/messages/admin-catalogue';
import { adminFormsMessages as m } from '@studio/shared/messages/admin-forms';
import { fieldLabels } from '@studio/shared/messages/fields';
import type { CustomField } from '@studio/shared/types/catalogue';
import { useSearchParams } from 'react-router';
import { AdminListScreen, RowActions, useListRemoval } from '../../components/admin-list';
import { FieldFrame } from '../../components/form-field';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { adminFormsKeys, customFieldsQuery, deleteCustomField } from './admin-forms-api';
import { adminFormsPaths, OBJECT_PARAM } from './admin-forms-paths';
import { OBJECT_CHOICES, objectFrom, typeName, withObject } from './field-values';
import './admin-forms.css';

/**
 * /admin/campos-personalizados?objeto=customer: the custom fields of one
 * object type (the server filters), or all of them; each with Editar and
 * Eliminar (after 'Precaución'). Creating from a filtered list starts with
 * that object chosen; the forms return to the list as it was filtered.
 */
export function CustomFieldsScreen() {
  const [params, setParams] = useSearchParams();
  const object = objectFrom(params.get(OBJECT_PARAM));
  const { confirmAndRemove, ...removal } = useListRemoval(messages.common.deleted);
  const query = useServerQuery(customFieldsQuery(object));
  const remove = useServerMutation({
    mutationFn: deleteCustomField,
    meta: { alert: false, invalidates: [adminFormsKeys.customFields] },
  });

  const setObject = (next: string) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      if (objectFrom(next)) updated.set(OBJECT_PARAM, next);
      else updated.delete(OBJECT_PARAM);
      return updated;
    });

  const askAndDelete = (field: CustomField) => confirmAndRemove(fill(c.removeQuestion, { name: field.label }), () => remove.mutateAsync(field.custom_field_id));

  return (
    <AdminListScreen
      screenClass="admin-forms"
      title={m.customFields.title}
      createTo={withObject(`${adminFormsPaths.customFields}/nuevo`, object)}
      createText={m.customFields.create}
      removal={removal}
      query={query}
      loadErrorText={c.listLoadError}
      emptyText={object ? fill(m.customFields.emptyFor, { object: m.objects[object] }) : m.customFields.empty}
      rowKey={(field) => field.custom_field_id}
      columns={[
        { label: fieldLabels.label, cell: (field) => field.label },
        { label: fieldLabels.key, cell: (field) => field.key },
        { label: fieldLabels.type, cell: (field) => typeName(field.type) },
        { label: fieldLabels.object, cell: (field) => m.objects[field.object] },
        { label: m.requiredLabel, cell: (field) => (field.required ? c.yes : c.no) },
      ]}
      actionsLabel={c.actions}
      actions={(field) => (
        <RowActions
          editTo={withObject(`${adminFormsPaths.customFields}/${field.custom_field_id}`, object)}
          editText={c.edit}
          editLabel={fill(c.editOf, { name: field.label })}
          removeText={c.remove}
          removeLabel={fill(c.removeOf, { name: field.label })}
          busy={remove.isPending}
          onRemove={() => void askAndDelete(field)}
        />
      )}
    >
      <FieldFrame label={m.customFields.filter} className="admin-forms__filter">
        {(control) => (
          <select className="field__control" value={object ?? ''} onChange={(event) => setObject(event.target.value)} {...control}>
            <option value="">{m.customFields.allObjects}</option>
            {OBJECT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
    </AdminListScreen>
  );
}
