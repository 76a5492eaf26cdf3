import { DEFAULT_TIMEZONE } from '@studio/shared/format/dates';
import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages as m } from '@studio/shared/messages/admin-catalogue';
import { Form, Formik, useField, useFormikContext, yupToFormErrors } from 'formik';
import { useId } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type Schema, type SchemaObjectDescription, ValidationError } from 'yup';
import { Checkbox, FocusFirstError, FormError, TextField } from '../../components/form-field';
import { TextAreaField } from '../../components/formik-fields';
import { InstantField } from '../../components/instant-field';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText } from '../../lib/api-client';
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

function CheckboxField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const hintId = useId();
  const [field, meta, helpers] = useField<boolean>(name);
  return (
    <>
      <Checkbox
        label={label}
        checked={field.value}
        onChange={(checked) => void helpers.setValue(checked)}
        error={meta.error}
        descriptionId={hint ? hintId : undefined}
      />
      {hint && (
        <p id={hintId} className="field__hint admin-catalogue__checkbox-hint">
          {hint}
        </p>
      )}
    </>
  );
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
  const navigate = useNavigate();
  const headingId = useId();
  const save = useServerMutation({
    mutationFn: (body: Record<string, unknown>) => saveResource(d, body, id),
    meta: { alert: false, invalidates: [catalogueKeys.resource(d)] },
  });
  const schema = id === null ? d.createSchema : d.updateSchema;
  const heading = record ? fill(m.editOf, { name: d.label(record) }) : d.createLabel;
  // Instants are typed and shown on the studio's clock, not the browser's.
  const timezone = configString(useConfig(), 'timezone') || DEFAULT_TIMEZONE;

  return (
    <section className="screen admin-catalogue">
      <p className="admin-catalogue__eyebrow muted">{d.singular}</p>
      <h1 id={headingId}>{heading}</h1>
      <Formik
        initialValues={formValues(d, record, timezone)}
        validate={(values) => validateBody(schema, requestBody(d, values, id, timezone))}
        onSubmit={async (values, helpers) => {
          helpers.setStatus(null);
          try {
            await save.mutateAsync(requestBody(d, values, id, timezone));
            showSuccess(messages.common.saved);
            await navigate(d.path);
          } catch (error) {
            helpers.setStatus(apiErrorText(error));
            if (error instanceof ApiError && error.fields) helpers.setErrors(error.fields);
          }
        }}
      >
        {({ isSubmitting, status: submitError }) => (
          <Form noValidate aria-labelledby={headingId} className="admin-catalogue__form" aria-busy={isSubmitting}>
            {d.fields.map((field) => (
              <ResourceInput key={field.name} field={field} optional={isOptional(schema, field.name)} timezone={timezone} />
            ))}
            <FormError message={typeof submitError === 'string' ? submitError : null} />
            <div className="actions">
              <Link to={d.path} className="button button--secondary">
                {messages.common.cancel}
              </Link>
              <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
                {messages.common.save}
              </button>
            </div>
            {isSubmitting && <Spinner label={m.saving} />}
            <FocusFirstError />
          </Form>
        )}
      </Formik>
    </section>
  );
}

function EditResource({ descriptor, id }: { descriptor: ResourceDescriptor; id: number }) {
  const { data, isPending, isError, error, isFetching, refetch } = useServerQuery(resourceQuery(descriptor, id));
  if (data) return <ResourceForm key={id} descriptor={descriptor} record={data} id={id} />;
  return (
    <section className="screen admin-catalogue">
      <h1>{descriptor.singular}</h1>
      {isPending && <Spinner />}
      {isError && <LoadError message={apiErrorText(error) ?? messages.common.genericError} retrying={isFetching} onRetry={() => void refetch()} />}
    </section>
  );
}

/**
 * /admin/<resource>/nuevo and /admin/<resource>/:id: one record of any
 * catalogue resource, its fields drawn from the descriptor and checked with
 * the API's create or update schema; saved, it goes back to the list.
 */
export function ResourceFormScreen({ descriptor }: { descriptor: ResourceDescriptor }) {
  const { id } = useParams();
  if (id === undefined) return <ResourceForm descriptor={descriptor} record={null} id={null} />;
  // Ids are positive integers; anything else in the address is not a record.
  if (!/^[1-9]\d{0,15}$/.test(id)) return <NotFound />;
  return <EditResource descriptor={descriptor} id={Number(id)} />;
}
