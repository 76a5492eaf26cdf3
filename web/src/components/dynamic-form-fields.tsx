import { fill, messages } from '@studio/shared/messages';
import { dynamicFormMessages } from '@studio/shared/messages/dynamic-form';
import { type DynamicField, type DynamicValue, isFileRef, nestedFields } from '@studio/shared/schemas/dynamic-form';
import { normalizePhone } from '@studio/shared/schemas/fields';
import type { StudioFileRef } from '@studio/shared/schemas/file';
import { useField } from 'formik';
import { type ChangeEvent, type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { useVisibleError } from './form-field';
import './dynamic-form-fields.css';

const t = dynamicFormMessages;

/** Uploads one chosen file and answers its reference; the renderer calls it as soon as a file is picked, so files are stored before the save (spec §5). */
export type UploadFile = (file: File) => Promise<StudioFileRef>;

/** Form order: `order` first (fields without it last), then as given. */
const byOrder = (fields: readonly DynamicField[]) => [...fields].sort((a, b) => (a.order ?? Number.POSITIVE_INFINITY) - (b.order ?? Number.POSITIVE_INFINITY));

type FormValue = DynamicValue | '' | { [key: string]: FormValue };

/**
 * Formik's starting values: every field present, so every input is controlled
 * from the first render ('' for text and numbers, lists for multiple answers,
 * an object of parts for an address).
 */
export function dynamicInitialValues(fields: readonly DynamicField[], saved: Readonly<Record<string, unknown>> = {}): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  for (const field of fields) {
    const stored = saved[field.key] as FormValue | undefined;
    if (field.type === 'address') {
      const parts = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
      values[field.key] = dynamicInitialValues(nestedFields(field), parts as Record<string, unknown>);
    } else if (field.type === 'creatable-select' || field.type === 'image') {
      // A single stored answer becomes a list of one: a creatable select's text or an image's file (the schema accepts no other).
      values[field.key] = Array.isArray(stored) ? stored : typeof stored === 'string' ? [stored] : isFileRef(stored) ? [stored] : [];
    } else if (field.type === 'select' || field.type === 'file') {
      values[field.key] = stored ?? null;
    } else {
      values[field.key] = stored ?? '';
    }
  }
  return values;
}

interface ShellProps {
  field: DynamicField;
  name: string;
  hint?: string;
  children: (control: { id: string; 'aria-required'?: true; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** Label with '(Opcional)', the control, then its hint and error tied to it by aria-describedby. */
function FieldShell({ field, name, hint, children }: ShellProps) {
  const id = useId();
  const error = useVisibleError(name);
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`field dynamic-field dynamic-field--${field.type}`}>
      <label className="field__label" htmlFor={id}>
        {field.label}
        {!field.required && <span className="field__optional"> {messages.common.optional}</span>}
      </label>
      {children({
        id,
        ...(field.required ? { 'aria-required': true as const } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

const INPUT_TYPES: Partial<Record<DynamicField['type'], string>> = {
  text: 'text',
  time: 'time',
  date: 'date',
  'datetime-local': 'datetime-local',
  number: 'number',
};

/** What a text, number, date or time input may hold: formik parses a number input's text, '' is blank, and an answer never saved is absent. */
type TypedValue = string | number | null | undefined;

function InputField({ field, name }: { field: DynamicField; name: string }) {
  const [input] = useField<TypedValue>(name);
  return (
    <FieldShell field={field} name={name}>
      {(control) => (
        <input
          {...control}
          {...input}
          value={input.value ?? ''}
          type={INPUT_TYPES[field.type] ?? 'text'}
          className="field__control"
          {...(field.type === 'number' ? { min: 0, step: 'any', inputMode: 'decimal' as const } : {})}
        />
      )}
    </FieldShell>
  );
}

function TextareaField({ field, name }: { field: DynamicField; name: string }) {
  const [input] = useField<TypedValue>(name);
  return (
    <FieldShell field={field} name={name}>
      {(control) => <textarea {...control} {...input} value={input.value ?? ''} rows={4} className="field__control" />}
    </FieldShell>
  );
}

/** Digits only, cut to 10, as every phone input of the app (spec §5). */
function PhoneField({ field, name }: { field: DynamicField; name: string }) {
  const [input, , helpers] = useField<string>(name);
  return (
    <FieldShell field={field} name={name}>
      {(control) => (
        <input
          {...control}
          name={name}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          className="field__control"
          value={input.value ?? ''}
          onChange={(event) => void helpers.setValue(normalizePhone(event.target.value))}
          onBlur={input.onBlur}
        />
      )}
    </FieldShell>
  );
}

/** Option values may be text, numbers or booleans (false included); the <select> works with their positions. */
function SelectInput({ field, name }: { field: DynamicField; name: string }) {
  const [input, , helpers] = useField(name);
  const options = field.options ?? [];
  const selected = options.findIndex((option) => option.value === input.value);
  return (
    <FieldShell field={field} name={name}>
      {(control) => (
        <select
          {...control}
          name={name}
          className="field__control"
          value={selected === -1 ? '' : String(selected)}
          onChange={(event) => void helpers.setValue(event.target.value === '' ? null : (options[Number(event.target.value)]?.value ?? null))}
          onBlur={input.onBlur}
        >
          <option value="">{messages.common.selectPlaceholder}</option>
          {options.map((option, index) => (
            <option key={index} value={String(index)}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** Free values as removable chips: type one, then Enter or 'Agregar'. */
function CreatableField({ field, name }: { field: DynamicField; name: string }) {
  const [input, , helpers] = useField<string[]>(name);
  const [draft, setDraft] = useState('');
  const values = input.value ?? [];

  function add() {
    const value = draft.trim();
    if (value && !values.includes(value)) void helpers.setValue([...values, value]);
    setDraft('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the value instead of submitting the whole form.
    event.preventDefault();
    add();
  }

  return (
    <FieldShell field={field} name={name} hint={t.creatable.hint}>
      {(control) => (
        <>
          <div className="dynamic-field__row">
            <input
              {...control}
              name={`${name}-draft`}
              className="field__control"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              onBlur={() => void helpers.setTouched(true)}
            />
            <button type="button" className="button button--secondary" onClick={add}>
              {t.creatable.add}
            </button>
          </div>
          {values.length > 0 && (
            <ul className="dynamic-field__chips" aria-label={fill(t.creatable.listLabel, { label: field.label })}>
              {values.map((value) => (
                <li key={value} className="dynamic-field__chip">
                  <span>{value}</span>
                  <button
                    type="button"
                    className="dynamic-field__remove"
                    aria-label={fill(t.creatable.remove, { value })}
                    onClick={() => void helpers.setValue(values.filter((item) => item !== value))}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </FieldShell>
  );
}

/** Files are uploaded when chosen; the field keeps their references. Images accept several. */
function FileField({ field, name, upload }: { field: DynamicField; name: string; upload: UploadFile }) {
  const [input, , helpers] = useField<StudioFileRef | StudioFileRef[] | null>(name);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const multiple = field.type === 'image';
  const files = input.value === null || input.value === undefined ? [] : Array.isArray(input.value) ? input.value : [input.value];

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (chosen.length === 0) return;
    setUploading(true);
    setFailure(null);
    try {
      const refs = await Promise.all(chosen.map((file) => upload(file)));
      await helpers.setValue(multiple ? [...files, ...refs] : (refs[0] ?? null));
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setUploading(false);
      void helpers.setTouched(true);
    }
  }

  function remove(fileId: number) {
    const kept = files.filter((file) => file.file_id !== fileId);
    void helpers.setValue(multiple ? kept : null);
  }

  return (
    <FieldShell field={field} name={name}>
      {(control) => (
        <>
          <input
            {...control}
            name={name}
            type="file"
            className="field__control dynamic-field__file"
            accept={multiple ? 'image/*' : undefined}
            multiple={multiple}
            disabled={uploading}
            aria-busy={uploading || undefined}
            onChange={(event) => void choose(event)}
          />
          <div role="status" className="dynamic-field__status">
            {uploading ? t.files.uploading : failure && <span className="field__error">{failure}</span>}
          </div>
          {files.length > 0 && (
            <ul className="dynamic-field__files" aria-label={t.files.current}>
              {files.map((file) => (
                <li key={file.file_id} className="dynamic-field__chip">
                  <span className="dynamic-field__file-name">{file.name}</span>
                  <button
                    type="button"
                    className="dynamic-field__remove"
                    aria-label={fill(t.files.remove, { name: file.name })}
                    onClick={() => remove(file.file_id)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </FieldShell>
  );
}

/** An address is its own small form (form 6's fields, or the billing-address ones), grouped under the field's label. */
function AddressField({ field, name, upload }: { field: DynamicField; name: string; upload: UploadFile }) {
  const error = useVisibleError(name);
  const errorId = useId();
  return (
    <fieldset className="dynamic-field dynamic-field--address" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">
        {field.label}
        {!field.required && <span className="field__optional"> {messages.common.optional}</span>}
      </legend>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      <DynamicFormFields fields={nestedFields(field)} upload={upload} prefix={`${name}.`} />
    </fieldset>
  );
}

function DynamicFieldInput({ field, name, upload }: { field: DynamicField; name: string; upload: UploadFile }) {
  switch (field.type) {
    case 'textarea':
      return <TextareaField field={field} name={name} />;
    case 'phone':
      return <PhoneField field={field} name={name} />;
    case 'select':
      return <SelectInput field={field} name={name} />;
    case 'creatable-select':
      return <CreatableField field={field} name={name} />;
    case 'file':
    case 'image':
      return <FileField field={field} name={name} upload={upload} />;
    case 'address':
      return <AddressField field={field} name={name} upload={upload} />;
    default:
      return <InputField field={field} name={name} />;
  }
}

interface DynamicFormFieldsProps {
  fields: readonly DynamicField[];
  upload: UploadFile;
  /** For nested fields: the parent's name and a dot. */
  prefix?: string;
}

/**
 * The inputs of dynamic fields inside a formik form, one per field by its
 * type; values live under each field's key. Pair it with
 * `dynamicValuesSchema(fields)` and `dynamicInitialValues(fields, saved)`.
 */
export function DynamicFormFields({ fields, upload, prefix = '' }: DynamicFormFieldsProps) {
  return (
    <div className="dynamic-form">
      {byOrder(fields).map((field) => (
        <DynamicFieldInput key={field.key} field={field} name={`${prefix}${field.key}`} upload={upload} />
      ))}
    </div>
  );
}
