import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages as c } from '@studio/shared/messages/admin-catalogue';
import { adminFormsMessages as m } from '@studio/shared/messages/admin-forms';
import { fieldLabels } from '@studio/shared/messages/fields';
import { needsOptions } from '@studio/shared/schemas/catalogue/common';
import { customFieldCreateSchema, type CustomFieldObject, customFieldUpdateSchema } from '@studio/shared/schemas/catalogue/custom-fields';
import type { CustomField } from '@studio/shared/types/catalogue';
import { Form, Formik } from 'formik';
import { useId } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormError, TextField } from '../../components/form-field';
import { CheckboxField, ChoiceField } from '../../components/formik-fields';
import { LoadError } from '../../components/load-error';
import { NotFound } from '../../components/not-found';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { ApiError, apiErrorText } from '../../lib/api-client';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { adminFormsKeys, customFieldQuery, saveCustomField } from './admin-forms-api';
import { adminFormsPaths, OBJECT_PARAM } from './admin-forms-paths';
import { customFieldBody, type CustomFieldValues, customFieldValues } from './custom-field-values';
import { FocusFirstProblem } from './field-inputs';
import { OBJECT_CHOICES, objectFrom, serverFieldErrors, TYPE_CHOICES, validateBody, withObject } from './field-values';
import { OptionsEditor } from './options-editor';
import './admin-forms.css';

function CustomFieldForm({ record, id, listObject }: { record: CustomField | null; id: number | null; listObject: CustomFieldObject | null }) {
  const navigate = useNavigate();
  const headingId = useId();
  const save = useServerMutation({
    mutationFn: (body: Record<string, unknown>) => saveCustomField(body, id),
    meta: { alert: false, invalidates: [adminFormsKeys.customFields] },
  });
  const schema = id === null ? customFieldCreateSchema : customFieldUpdateSchema;
  const heading = record ? fill(c.editOf, { name: record.label }) : m.customFields.create;
  // Back to the list as it was filtered when the admin left it.
  const listPath = withObject(adminFormsPaths.customFields, listObject);

  return (
    <section className="screen admin-forms">
      <p className="admin-forms__eyebrow muted">{m.customFields.singular}</p>
      <h1 id={headingId}>{heading}</h1>
      <Formik
        initialValues={customFieldValues(record, listObject)}
        validate={(values) => validateBody<CustomFieldValues>(schema, customFieldBody(values, id))}
        onSubmit={async (values, helpers) => {
          helpers.setStatus(null);
          try {
            await save.mutateAsync(customFieldBody(values, id));
            showSuccess(messages.common.saved);
            await navigate(listPath);
          } catch (error) {
            helpers.setStatus(apiErrorText(error));
            if (error instanceof ApiError && error.fields) helpers.setErrors(serverFieldErrors<CustomFieldValues>(error.fields));
          }
        }}
      >
        {({ values, isSubmitting, status: submitError }) => (
          <Form noValidate aria-labelledby={headingId} className="admin-forms__form" aria-busy={isSubmitting}>
            <ChoiceField name="object" label={fieldLabels.object} choices={OBJECT_CHOICES} />
            <TextField name="label" label={fieldLabels.label} />
            <TextField name="key" label={fieldLabels.key} hint={m.customFields.keyHint} autoCapitalize="none" spellCheck={false} />
            <ChoiceField name="type" label={fieldLabels.type} choices={TYPE_CHOICES} />
            <CheckboxField name="required" label={m.requiredLabel} />
            {needsOptions(values.type) && <OptionsEditor name="options" />}
            <FormError message={typeof submitError === 'string' ? submitError : null} />
            <div className="actions">
              <Link to={listPath} className="button button--secondary">
                {messages.common.cancel}
              </Link>
              <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
                {messages.common.save}
              </button>
            </div>
            {isSubmitting && <Spinner label={c.saving} />}
            <FocusFirstProblem />
          </Form>
        )}
      </Formik>
    </section>
  );
}

function EditCustomField({ id, listObject }: { id: number; listObject: CustomFieldObject | null }) {
  const { data, isPending, isError, error, isFetching, refetch } = useServerQuery(customFieldQuery(id));
  if (data) return <CustomFieldForm key={id} record={data} id={id} listObject={listObject} />;
  return (
    <section className="screen admin-forms">
      <h1>{m.customFields.singular}</h1>
      {isPending && <Spinner />}
      {isError && <LoadError message={apiErrorText(error) ?? messages.common.genericError} retrying={isFetching} onRetry={() => void refetch()} />}
    </section>
  );
}

/**
 * /admin/campos-personalizados/nuevo and /admin/campos-personalizados/:id:
 * one custom field, checked with the API's own create or update schema on the
 * exact body about to be sent; saved, it goes back to the list.
 */
export function CustomFieldFormScreen() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const listObject = objectFrom(params.get(OBJECT_PARAM));
  if (id === undefined) return <CustomFieldForm record={null} id={null} listObject={listObject} />;
  // Ids are positive integers; anything else in the address is not a record.
  if (!/^[1-9]\d{0,15}$/.test(id)) return <NotFound />;
  return <EditCustomField id={Number(id)} listObject={listObject} />;
}
