import { DEFAULT_TIMEZONE } from '@studio/shared/format/dates';
import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages as m } from '@studio/shared/messages/admin-catalogue';
import { useField, useFormikContext, yupToFormErrors } from 'formik';
import { type Schema, type SchemaObjectDescription, ValidationError } from 'yup';
import { AdminRecordForm, AdminRecordLoading, AdminRecordRoute } from '../../components/admin-record-form';
import { TextField } from '../../components/form-field';
import { CheckboxField, TextAreaField } from '../../components/formik-fields';
import { InstantField } from '../../components/instant-field';
import { configString, useConfig } from '../../lib/app-config';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { catalogueKeys, resourceQuery, saveResource } from './admin-catalogue-api';
import { ImageField } from './image-field';
import { ReferenceChecks, ReferenceSelect } from './reference-fields';
import type { CatalogueRecord, ResourceDescriptor, ResourceField } from './resource-descriptor';
import { type FormValues, formValues, requestBody } from './resource-form-values';
import { SpotMapEditor } from './spot-map-editor';
import './admin-catalogue.css';

const INPUT_TYPES = { text: 'text', number: 'number', color: 'color', date: 'date' } as const;

/** Whether the API lets this field be left out, read from the schema so the form never disagrees with it. */
function isOptional(schema: Schema, name: string): boolean {
  const field = (schema.describe() as Partial<SchemaObjectDescription>).fields?.[name];
  return field !== undefined && 'optional' in field && field.optional;
}

function SpotMapField({ name, label, optional }: { name: string; label: string; optional: boolean }) {
  const [field, meta, helpers] = useField<string>(name);
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
  return <SpotMapEditor value={field.value} onChange={(value) => void helpers.setValue(value)} label={label} optional={optional} error={error} />;
}

function ResourceInput({ field, optional, timezone }: { field: ResourceField; optional: boolean; timezone: string }) {
  switch (field.kind) {
    case 'textarea':
      return <TextAreaField name={field.name} label={field.label} optional={optional} />;
    case 'checkbox':
      return <CheckboxField name={field.name} label={field.label} hint={field.hint} />;
    case 'spot-map':
      return <SpotMapField name={field.name} label={field.label} optional={optional} />;
    case 'image':
      return <ImageField name={field.name} label={field.label} optional={optional} />;
    case 'instant':
      return <InstantField name={field.name} label={field.label} optional={optional} hint={field.hint} timezone={timezone} />;
    case 'reference':
      return <ReferenceSelect field={field} optional={optional} />;
    case 'references':
      return <ReferenceChecks field={field} optional={optional} />;
    default:
      return (
        <TextField
          name={field.name}
          label={field.label}
          optional={optional}
          hint={field.hint}
          type={INPUT_TYPES[field.kind]}
          inputMode={field.kind === 'number' ? 'numeric' : undefined}
        />
      );
  }
}

/** Validates exactly what will be sent, with the API's schema, so the form shows the API's own messages. */
async function validateBody(schema: Schema, body: Record<string, unknown>) {
  try {
    await schema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return yupToFormErrors<FormValues>(error);
    throw error;
  }
}

function ResourceForm({ descriptor: d, record, id }: { descriptor: ResourceDescriptor; record: CatalogueRecord | null; id: number | null }) {
  const save = useServerMutation({
    mutationFn: (body: Record<string, unknown>) => saveResource(d, body, id),
    meta: { alert: false, invalidates: [catalogueKeys.resource(d)] },
  });
  const schema = id === null ? d.createSchema : d.updateSchema;
  // Instants are typed and shown on the studio's clock, not the browser's.
  const timezone = configString(useConfig(), 'timezone') || DEFAULT_TIMEZONE;

  return (
    <AdminRecordForm
      screenClass="admin-catalogue"
      eyebrow={d.singular}
      heading={record ? fill(m.editOf, { name: d.label(record) }) : d.createLabel}
      listPath={d.path}
      initialValues={formValues(d, record, timezone)}
      validate={(values) => validateBody(schema, requestBody(d, values, id, timezone))}
      save={(values) => save.mutateAsync(requestBody(d, values, id, timezone))}
      savedText={messages.common.saved}
      savingText={m.saving}
    >
      {() => d.fields.map((field) => <ResourceInput key={field.name} field={field} optional={isOptional(schema, field.name)} timezone={timezone} />)}
    </AdminRecordForm>
  );
}

function EditResource({ descriptor, id }: { descriptor: ResourceDescriptor; id: number }) {
  const query = useServerQuery(resourceQuery(descriptor, id));
  if (query.data) return <ResourceForm key={id} descriptor={descriptor} record={query.data} id={id} />;
  return <AdminRecordLoading screenClass="admin-catalogue" title={descriptor.singular} query={query} />;
}

/**
 * /admin/<resource>/nuevo and /admin/<resource>/:id: one record of any
 * catalogue resource, its fields drawn from the descriptor and checked with
 * the API's create or update schema; saved, it goes back to the list.
 */
export function ResourceFormScreen({ descriptor }: { descriptor: ResourceDescriptor }) {
  return (
    <AdminRecordRoute
      renderNew={() => <ResourceForm descriptor={descriptor} record={null} id={null} />}
      renderExisting={(id) => <EditResource descriptor={descriptor} id={id} />}
    />
  );
}
