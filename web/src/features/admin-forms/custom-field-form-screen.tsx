import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages as c } from '@studio/shared/messages/admin-catalogue';
import { adminFormsMessages as m } from '@studio/shared/messages/admin-forms';
import { fieldLabels } from '@studio/shared/messages/fields';
import { needsOptions } from '@studio/shared/schemas/catalogue/common';
import { customFieldCreateSchema, type CustomFieldObject, customFieldUpdateSchema } from '@studio/shared/schemas/catalogue/custom-fields';
import type { CustomField } from '@studio/shared/types/catalogue';
import { useSearchParams } from 'react-router';
import { AdminRecordForm, AdminRecordLoading, AdminRecordRoute } from '../../components/admin-record-form';
import { TextField } from '../../components/form-field';
import { CheckboxField, ChoiceField } from '../../components/formik-fields';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { adminFormsKeys, customFieldQuery, saveCustomField } from './admin-forms-api';
import { adminFormsPaths, OBJECT_PARAM } from './admin-forms-paths';
import { customFieldBody, type CustomFieldValues, customFieldValues } from './custom-field-values';
import { FocusFirstProblem } from './field-inputs';
import { OBJECT_CHOICES, objectFrom, serverFieldErrors, TYPE_CHOICES, validateBody, withObject } from './field-values';
import { OptionsEditor } from './options-editor';
import './admin-forms.css';

function CustomFieldForm({ record, id, listObject }: { record: CustomField | null; id: number | null; listObject: CustomFieldObject | null }) {
  const save = useServerMutation({
    mutationFn: (body: Record<string, unknown>) => saveCustomField(body, id),
    meta: { alert: false, invalidates: [adminFormsKeys.customFields] },
  });
  const schema = id === null ? customFieldCreateSchema : customFieldUpdateSchema;
  return (
    <AdminRecordForm
      screenClass="admin-forms"
      eyebrow={m.customFields.singular}
      heading={record ? fill(c.editOf, { name: record.label }) : m.customFields.create}
      // Back to the list as it was filtered when the admin left it.
      listPath={withObject(adminFormsPaths.customFields, listObject)}
      initialValues={customFieldValues(record, listObject)}
      validate={(values) => validateBody<CustomFieldValues>(schema, customFieldBody(values, id))}
      save={(values) => save.mutateAsync(customFieldBody(values, id))}
      savedText={messages.common.saved}
      savingText={c.saving}
      fieldErrors={serverFieldErrors<CustomFieldValues>}
      focusProblem={<FocusFirstProblem />}
    >
      {({ values }) => (
        <>
          <ChoiceField name="object" label={fieldLabels.object} choices={OBJECT_CHOICES} />
          <TextField name="label" label={fieldLabels.label} />
          <TextField name="key" label={fieldLabels.key} hint={m.customFields.keyHint} autoCapitalize="none" spellCheck={false} />
          <ChoiceField name="type" label={fieldLabels.type} choices={TYPE_CHOICES} />
          <CheckboxField name="required" label={m.requiredLabel} />
          {needsOptions(values.type) && <OptionsEditor name="options" />}
        </>
      )}
    </AdminRecordForm>
  );
}

function EditCustomField({ id, listObject }: { id: number; listObject: CustomFieldObject | null }) {
  const query = useServerQuery(customFieldQuery(id));
  if (query.data) return <CustomFieldForm key={id} record={query.data} id={id} listObject={listObject} />;
  return <AdminRecordLoading screenClass="admin-forms" title={m.customFields.singular} query={query} />;
}

/**
 * /admin/campos-personalizados/nuevo and /admin/campos-personalizados/:id:
 * one custom field, checked with the API's own create or update schema on the
 * exact body about to be sent; saved, it goes back to the list.
 */
export function CustomFieldFormScreen() {
  const [params] = useSearchParams();
  const listObject = objectFrom(params.get(OBJECT_PARAM));
  return (
    <AdminRecordRoute
      renderNew={() => <CustomFieldForm record={null} id={null} listObject={listObject} />}
      renderExisting={(id) => <EditCustomField id={id} listObject={listObject} />}
    />
  );
}
