import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages as c } from '@studio/shared/messages/admin-catalogue';
import { adminFormsMessages as m } from '@studio/shared/messages/admin-forms';
import { catalogueMessages } from '@studio/shared/messages/catalogue';
import { fieldLabels } from '@studio/shared/messages/fields';
import { needsOptions } from '@studio/shared/schemas/catalogue/common';
import { ADDRESS_FORM_ID, FORM_FIELDS_MAX, formCreateSchema, formFieldSchema, formUpdateSchema } from '@studio/shared/schemas/catalogue/forms';
import type { Form as StudioForm } from '@studio/shared/types/catalogue';
import { FieldArray, type FieldArrayRenderProps, getIn, useFormikContext } from 'formik';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminRecordForm, AdminRecordLoading, AdminRecordRoute } from '../../components/admin-record-form';
import { TextField } from '../../components/form-field';
import { CheckboxField, ChoiceField, TextAreaField } from '../../components/formik-fields';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { adminFormsKeys, formQuery, saveForm } from './admin-forms-api';
import { adminFormsPaths } from './admin-forms-paths';
import { FocusFirstProblem } from './field-inputs';
import { isOptional, serverFieldErrors, TYPE_CHOICES, typeName, validateBody } from './field-values';
import { type FieldRow, formBody, type FormEditorValues, formEditorValues, newFieldRow } from './form-values';
import { OptionsEditor } from './options-editor';
import '../../components/admin-list.css';
import './admin-forms.css';

const LIST_PATH = adminFormsPaths.forms;
const STEP_OPTIONAL = isOptional(formFieldSchema, 'step');

const shownLabel = (row: FieldRow, index: number) => row.label.trim() || fill(m.forms.unnamedField, { n: index + 1 });

/**
 * The form's fields in order: each one's key, label, type, whether it is
 * required, its step and (selects) its options; moved with Subir/Bajar
 * (announced, the keyboard stays on the moved row), removed, added.
 */
function FieldsEditor() {
  const hintId = useId();
  const { values, errors, submitCount } = useFormikContext<FormEditorValues>();
  const [announcement, setAnnouncement] = useState('');
  const rowElements = useRef(new Map<string, HTMLFieldSetElement>());
  const addRef = useRef<HTMLButtonElement>(null);
  const rows = values.form_fields;
  const full = rows.length >= FORM_FIELDS_MAX;
  // A rule on the whole list (too many fields) has no input of its own: it shows under the legend.
  const listError: unknown = getIn(errors, 'form_fields');

  function move(helpers: FieldArrayRenderProps, row: FieldRow, from: number, by: -1 | 1) {
    const to = from + by;
    if (to < 0 || to >= rows.length) return;
    helpers.move(from, to);
    setAnnouncement(fill(m.forms.position, { label: shownLabel(row, from), position: to + 1, total: rows.length }));
    // Keep the keyboard on the moved row; at either end the other button takes over, since the pressed one is now disabled.
    requestAnimationFrame(() => {
      const element = rowElements.current.get(row.uid);
      const wanted = element?.querySelector<HTMLButtonElement>(by < 0 ? '[data-move="up"]' : '[data-move="down"]');
      const target = wanted && !wanted.disabled ? wanted : element?.querySelector<HTMLButtonElement>(by < 0 ? '[data-move="down"]' : '[data-move="up"]');
      target?.focus();
    });
  }

  function remove(helpers: FieldArrayRenderProps, row: FieldRow, index: number) {
    helpers.remove(index);
    setAnnouncement(fill(m.forms.removed, { label: shownLabel(row, index) }));
    // The row and its buttons are gone: the keyboard continues from the add button.
    requestAnimationFrame(() => addRef.current?.focus());
  }

  function add(helpers: FieldArrayRenderProps) {
    const row = newFieldRow();
    helpers.push(row);
    requestAnimationFrame(() => rowElements.current.get(row.uid)?.querySelector('input')?.focus());
  }

  return (
    <fieldset className="admin-forms__fieldset" aria-describedby={hintId}>
      <legend>{m.forms.fieldsLegend}</legend>
      <p id={hintId} className="field__hint">
        {fill(m.forms.fieldsHint, { n: FORM_FIELDS_MAX })}
      </p>
      <FieldArray name="form_fields">
        {(helpers) => (
          <>
            {rows.length === 0 && <p className="muted">{m.forms.noFields}</p>}
            <ol className="admin-forms__fields">
              {rows.map((row, index) => {
                const label = shownLabel(row, index);
                const base = `form_fields.${index}`;
                return (
                  <li key={row.uid}>
                    <fieldset
                      className="admin-forms__field"
                      ref={(element) => {
                        if (element) rowElements.current.set(row.uid, element);
                        else rowElements.current.delete(row.uid);
                      }}
                    >
                      <legend>{fill(m.forms.fieldRow, { n: index + 1 })}</legend>
                      <div className="admin-forms__grid">
                        <TextField name={`${base}.label`} label={fieldLabels.label} />
                        <TextField name={`${base}.key`} label={fieldLabels.key} hint={m.forms.keyHint} autoCapitalize="none" spellCheck={false} />
                        <ChoiceField name={`${base}.type`} label={fieldLabels.type} choices={TYPE_CHOICES} />
                        <TextField
                          name={`${base}.step`}
                          label={fieldLabels.step}
                          optional={STEP_OPTIONAL}
                          hint={m.forms.stepHint}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          step={1}
                        />
                      </div>
                      <CheckboxField name={`${base}.required`} label={m.requiredLabel} />
                      {needsOptions(row.type) && <OptionsEditor name={`${base}.options`} />}
                      <div className="admin-forms__row-actions">
                        <button
                          type="button"
                          className="button button--secondary"
                          data-move="up"
                          aria-label={fill(m.forms.moveUp, { label })}
                          disabled={index === 0}
                          onClick={() => move(helpers, row, index, -1)}
                        >
                          {m.forms.up}
                        </button>
                        <button
                          type="button"
                          className="button button--secondary"
                          data-move="down"
                          aria-label={fill(m.forms.moveDown, { label })}
                          disabled={index === rows.length - 1}
                          onClick={() => move(helpers, row, index, 1)}
                        >
                          {m.forms.down}
                        </button>
                        <button
                          type="button"
                          className="button button--secondary"
                          aria-label={fill(m.forms.removeField, { label })}
                          onClick={() => remove(helpers, row, index)}
                        >
                          {m.forms.removeFieldText}
                        </button>
                      </div>
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            {full ? (
              <p className="field__hint">{fill(m.forms.fieldsFull, { n: FORM_FIELDS_MAX })}</p>
            ) : (
              <button ref={addRef} type="button" className="button button--secondary" onClick={() => add(helpers)}>
                {m.forms.addField}
              </button>
            )}
          </>
        )}
      </FieldArray>
      {submitCount > 0 && typeof listError === 'string' && (
        <p className="field__error" role="alert">
          {listError}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}

function FormEditor({ record, id }: { record: StudioForm | null; id: number | null }) {
  const save = useServerMutation({
    mutationFn: (body: Record<string, unknown>) => saveForm(body, id),
    meta: { alert: false, invalidates: [adminFormsKeys.forms] },
  });
  const schema = id === null ? formCreateSchema : formUpdateSchema;
  return (
    <AdminRecordForm
      screenClass="admin-forms"
      eyebrow={m.forms.singular}
      heading={record ? fill(c.editOf, { name: record.name }) : m.forms.create}
      listPath={LIST_PATH}
      initialValues={formEditorValues(record)}
      validate={(values) => validateBody<FormEditorValues>(schema, formBody(values, id))}
      save={(values) => save.mutateAsync(formBody(values, id))}
      savedText={messages.common.saved}
      savingText={c.saving}
      fieldErrors={serverFieldErrors<FormEditorValues>}
      focusProblem={<FocusFirstProblem />}
    >
      {() => (
        <>
          <TextField name="name" label={fieldLabels.name} />
          <TextAreaField name="description" label={fieldLabels.description} optional={isOptional(schema, 'description')} />
          <FieldsEditor />
        </>
      )}
    </AdminRecordForm>
  );
}

/**
 * The billing-address form (6) mirrors the address record the API validates,
 * so the API refuses to change it (ADR 0013): it is shown, not edited.
 */
function AddressFormView({ record }: { record: StudioForm }) {
  return (
    <section className="screen admin-forms">
      <p className="admin-forms__eyebrow muted">{m.forms.singular}</p>
      <h1>{fill(m.forms.viewOf, { name: record.name })}</h1>
      <p className="admin-forms__notice">{catalogueMessages.forms.addressFormLocked}</p>
      <table className="admin-list__table">
        <thead>
          <tr>
            <th scope="col">{fieldLabels.label}</th>
            <th scope="col">{fieldLabels.key}</th>
            <th scope="col">{fieldLabels.type}</th>
            <th scope="col">{m.requiredLabel}</th>
          </tr>
        </thead>
        <tbody>
          {record.form_fields.map((field) => (
            <tr key={field.key}>
              <th scope="row">{field.label}</th>
              <td data-label={fieldLabels.key}>{field.key}</td>
              <td data-label={fieldLabels.type}>{typeName(field.type)}</td>
              <td data-label={m.requiredLabel}>{field.required ? c.yes : c.no}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        <Link to={LIST_PATH} className="button button--secondary">
          {m.forms.back}
        </Link>
      </div>
    </section>
  );
}

function EditForm({ id }: { id: number }) {
  const query = useServerQuery(formQuery(id));
  if (query.data) return query.data.form_id === ADDRESS_FORM_ID ? <AddressFormView record={query.data} /> : <FormEditor key={id} record={query.data} id={id} />;
  return <AdminRecordLoading screenClass="admin-forms" title={m.forms.singular} query={query} />;
}

/**
 * /admin/formularios/nuevo and /admin/formularios/:id: a form's name,
 * description and fields, checked with the API's own create or update schema
 * on the exact body about to be sent; saved, it goes back to the list.
 */
export function FormEditorScreen() {
  return <AdminRecordRoute renderNew={() => <FormEditor record={null} id={null} />} renderExisting={(id) => <EditForm id={id} />} />;
}
