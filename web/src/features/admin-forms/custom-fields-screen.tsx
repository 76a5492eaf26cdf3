import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages as c } from '@studio/shared/messages/admin-catalogue';
import { adminFormsMessages as m } from '@studio/shared/messages/admin-forms';
import { fieldLabels } from '@studio/shared/messages/fields';
import type { CustomField } from '@studio/shared/types/catalogue';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { AdminListHeader, RowActions, useListRemoval } from '../../components/admin-list';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
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
  const filterId = useId();
  const [params, setParams] = useSearchParams();
  const object = objectFrom(params.get(OBJECT_PARAM));
  const { headingRef, error: removalError, confirmAndRemove } = useListRemoval(messages.common.deleted);
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(customFieldsQuery(object));
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

  let body;
  if (data) {
    body =
      data.length === 0 ? (
        <p className="muted">{object ? fill(m.customFields.emptyFor, { object: m.objects[object] }) : m.customFields.empty}</p>
      ) : (
        <table className="admin-list__table">
          <thead>
            <tr>
              <th scope="col">{fieldLabels.label}</th>
              <th scope="col">{fieldLabels.key}</th>
              <th scope="col">{fieldLabels.type}</th>
              <th scope="col">{fieldLabels.object}</th>
              <th scope="col">{m.requiredLabel}</th>
              <th scope="col">{c.actions}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((field) => (
              <tr key={field.custom_field_id}>
                <th scope="row">{field.label}</th>
                <td data-label={fieldLabels.key}>{field.key}</td>
                <td data-label={fieldLabels.type}>{typeName(field.type)}</td>
                <td data-label={fieldLabels.object}>{m.objects[field.object]}</td>
                <td data-label={m.requiredLabel}>{field.required ? c.yes : c.no}</td>
                <td>
                  <RowActions
                    editTo={withObject(`${adminFormsPaths.customFields}/${field.custom_field_id}`, object)}
                    editText={c.edit}
                    editLabel={fill(c.editOf, { name: field.label })}
                    removeText={c.remove}
                    removeLabel={fill(c.removeOf, { name: field.label })}
                    busy={remove.isPending}
                    onRemove={() => void askAndDelete(field)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={c.listLoadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen admin-forms">
      <AdminListHeader
        title={m.customFields.title}
        headingRef={headingRef}
        createTo={withObject(`${adminFormsPaths.customFields}/nuevo`, object)}
        createText={m.customFields.create}
        error={removalError}
      />
      <div className="field admin-forms__filter">
        <label className="field__label" htmlFor={filterId}>
          {m.customFields.filter}
        </label>
        <select id={filterId} className="field__control" value={object ?? ''} onChange={(event) => setObject(event.target.value)}>
          <option value="">{m.customFields.allObjects}</option>
          {OBJECT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {body}
    </section>
  );
}
