import { sanitizeHtml } from '@studio/shared/format/sanitize-html';
import { fill, messages } from '@studio/shared/messages';
import { adminPagesMessages as m } from '@studio/shared/messages/admin-pages';
import { fieldLabels } from '@studio/shared/messages/fields';
import { pageCreateSchema, pageUpdateSchema } from '@studio/shared/schemas/page';
import type { Page } from '@studio/shared/types/pages';
import { useField, useFormikContext, yupToFormErrors } from 'formik';
import { useId } from 'react';
import { type Schema, ValidationError } from 'yup';
import { AdminRecordForm, AdminRecordLoading, AdminRecordRoute } from '../../components/admin-record-form';
import { Checkbox, TextField } from '../../components/form-field';
import { HtmlContent } from '../../components/html-content';
import { NotFound } from '../../components/not-found';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { pageKeys, pageListQuery, PAGES_PATH, savePage } from './admin-pages-api';
import { RichTextEditor } from './rich-text-editor';
import './admin-pages.css';

interface PageFormValues {
  title: string;
  slug: string;
  content: string;
  required: boolean;
  required_signup: boolean;
}

const valuesOf = (page: Page | null): PageFormValues => ({
  title: page?.title ?? '',
  slug: page?.slug ?? '',
  content: page?.content ?? '',
  required: page?.required ?? false,
  required_signup: page?.required_signup ?? false,
});

/** The exact body sent: content already sanitised, so what the preview shows is what gets stored. */
export function pageRequestBody(values: PageFormValues, id: number | null): Record<string, unknown> {
  const content = sanitizeHtml(values.content);
  return {
    ...(id === null ? {} : { page_id: id }),
    title: values.title,
    slug: values.slug,
    content: content.trim() === '' ? null : content,
    required: values.required,
    required_signup: values.required_signup,
  };
}

async function validateBody(schema: Schema, body: Record<string, unknown>) {
  try {
    await schema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return yupToFormErrors<PageFormValues>(error);
    throw error;
  }
}

function FlagField({ name }: { name: 'required' | 'required_signup' }) {
  const [field, meta, helpers] = useField<boolean>(name);
  return <Checkbox label={fieldLabels[name]} checked={field.value} onChange={(checked) => void helpers.setValue(checked)} error={meta.error} />;
}

function ContentField({ initialHtml }: { initialHtml: string }) {
  const id = useId();
  const [field, meta, helpers] = useField<string>('content');
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
  const preview = sanitizeHtml(field.value);
  return (
    <>
      <div className="field">
        <span id={`${id}-label`} className="field__label">
          {m.content} <span className="field__optional">{messages.common.optional}</span>
        </span>
        <p id={`${id}-hint`} className="field__hint">
          {m.contentHint}
        </p>
        <RichTextEditor
          initialHtml={initialHtml}
          labelId={`${id}-label`}
          describedBy={`${id}-hint${error ? ` ${id}-error` : ''}`}
          invalid={Boolean(error)}
          onChange={(html) => void helpers.setValue(html)}
          onBlur={() => void helpers.setTouched(true, false)}
        />
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      <section className="admin-pages__preview" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`}>{m.preview}</h2>
        <p className="muted">{m.previewHint}</p>
        {preview.trim() ? <HtmlContent html={preview} /> : <p className="muted">{m.previewEmpty}</p>}
      </section>
    </>
  );
}

function PageForm({ page }: { page: Page | null }) {
  const id = page?.page_id ?? null;
  const schema = id === null ? pageCreateSchema : pageUpdateSchema;
  const save = useServerMutation({
    mutationFn: (body: Record<string, unknown>) => savePage(body, id),
    meta: { alert: false, invalidates: [pageKeys.all] },
  });
  // Stored content was sanitised on write; sanitising again costs nothing and keeps the editor safe from older data.
  const initialHtml = sanitizeHtml(page?.content ?? '');

  return (
    <AdminRecordForm
      screenClass="admin-pages"
      eyebrow={m.singular}
      heading={page ? fill(m.editOf, { name: page.title }) : m.create}
      listPath={PAGES_PATH}
      initialValues={{ ...valuesOf(page), content: initialHtml }}
      validate={(values) => validateBody(schema, pageRequestBody(values, id))}
      save={(values) => save.mutateAsync(pageRequestBody(values, id))}
      savedText={messages.common.saved}
      savingText={m.saving}
    >
      {({ values }) => (
        <>
          <TextField name="title" label={fieldLabels.title} />
          <TextField
            name="slug"
            label={fieldLabels.slug}
            hint={fill(m.slugHint, { slug: values.slug || 'terminos' })}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
          <FlagField name="required" />
          <FlagField name="required_signup" />
          <ContentField initialHtml={initialHtml} />
        </>
      )}
    </AdminRecordForm>
  );
}

function EditPage({ id }: { id: number }) {
  const query = useServerQuery(pageListQuery());
  const page = query.data?.find((candidate) => candidate.page_id === id);
  if (page) return <PageForm key={id} page={page} />;
  if (query.data) return <NotFound />;
  return <AdminRecordLoading screenClass="admin-pages" title={m.singular} query={query} errorText={m.listLoadError} />;
}

/**
 * /admin/paginas/nuevo and /admin/paginas/:id: a content page's title, slug,
 * purchase/sign-up flags and its rich-text content with a live preview of
 * the sanitised HTML, checked with the API's own create or update schema.
 */
export function PageFormScreen() {
  return <AdminRecordRoute newSegment="nuevo" renderNew={() => <PageForm page={null} />} renderExisting={(id) => <EditPage id={id} />} />;
}
