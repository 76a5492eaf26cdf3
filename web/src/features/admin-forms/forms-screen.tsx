import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages as c } from '@studio/shared/messages/admin-catalogue';
import { adminFormsMessages as m } from '@studio/shared/messages/admin-forms';
import { fieldLabels } from '@studio/shared/messages/fields';
import { ADDRESS_FORM_ID } from '@studio/shared/schemas/catalogue/forms';
import type { Form } from '@studio/shared/types/catalogue';
import { Link } from 'react-router';
import { AdminListScreen, RowActions, useListRemoval } from '../../components/admin-list';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { adminFormsKeys, deleteForm, formsQuery } from './admin-forms-api';
import { adminFormsPaths } from './admin-forms-paths';
import './admin-forms.css';

const fieldCount = (n: number) => (n === 1 ? m.forms.oneField : fill(m.forms.fieldCount, { n }));

/**
 * /admin/formularios: every live form with its number of fields; each with
 * Editar and Eliminar (after 'Precaución'). The billing-address form is the
 * system's (ADR 0013): it can be seen, not changed or deleted.
 */
export function FormsScreen() {
  const { confirmAndRemove, ...removal } = useListRemoval(messages.common.deleted);
  const query = useServerQuery(formsQuery);
  const remove = useServerMutation({
    mutationFn: deleteForm,
    meta: { alert: false, invalidates: [adminFormsKeys.forms] },
  });

  const askAndDelete = (form: Form) => confirmAndRemove(fill(c.removeQuestion, { name: form.name }), () => remove.mutateAsync(form.form_id));

  return (
    <AdminListScreen
      screenClass="admin-forms"
      title={m.forms.title}
      createTo={`${adminFormsPaths.forms}/nuevo`}
      createText={m.forms.create}
      removal={removal}
      query={query}
      loadErrorText={c.listLoadError}
      emptyText={m.forms.empty}
      rowKey={(form) => form.form_id}
      columns={[
        { label: fieldLabels.name, cell: (form) => form.name },
        {
          label: fieldLabels.description,
          cell: (form) => (form.description ? <span className="admin-forms__clamp">{form.description}</span> : <span aria-hidden="true">—</span>),
        },
        { label: m.forms.fieldsColumn, cell: (form) => fieldCount(form.form_fields.length) },
      ]}
      actionsLabel={c.actions}
      actions={(form) =>
        form.form_id === ADDRESS_FORM_ID ? (
          <div className="admin-list__actions">
            <Link to={`${adminFormsPaths.forms}/${form.form_id}`} className="button button--secondary" aria-label={fill(m.forms.viewOf, { name: form.name })}>
              {m.forms.view}
            </Link>
            <span className="admin-forms__badge">{m.forms.system}</span>
          </div>
        ) : (
          <RowActions
            editTo={`${adminFormsPaths.forms}/${form.form_id}`}
            editText={c.edit}
            editLabel={fill(c.editOf, { name: form.name })}
            removeText={c.remove}
            removeLabel={fill(c.removeOf, { name: form.name })}
            busy={remove.isPending}
            onRemove={() => void askAndDelete(form)}
          />
        )
      }
    />
  );
}
