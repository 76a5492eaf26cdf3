import { fill, messages } from '@studio/shared/messages';
import { adminCatalogueMessages } from '@studio/shared/messages/admin-catalogue';
import { Field, useField } from 'formik';
import { useId } from 'react';
import { useVisibleError } from '../../components/form-field';
import { useServerQuery } from '../../lib/server-data';
import { resourceListQuery } from './admin-catalogue-api';
import type { ReferenceField } from './resource-descriptor';
import { resources } from './resources';

const m = adminCatalogueMessages.reference;

interface Option {
  value: string;
  label: string;
}

/**
 * The referenced resource's records as options, labelled as its own list names
 * them (the same query as its list screen, so one read serves both). A stored id
 * the list does not hold (an archived coach, say) is still offered, so opening
 * and saving a record never drops it.
 */
function useOptions(field: ReferenceField, stored: readonly string[]) {
  const of = resources[field.of];
  const { data, isPending, isError } = useServerQuery(resourceListQuery(of));
  const options: Option[] = (data ?? []).map((record) => ({ value: String(record[of.id]), label: of.label(record) }));
  const missing = stored.filter((value) => value !== '' && !options.some((option) => option.value === value));
  const unlisted = missing.map((value) => ({ value, label: isPending ? messages.common.loading : fill(m.unlisted, { id: value }) }));
  return { options: [...options, ...unlisted], loading: isPending, failed: isError };
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

function Messages({ id, hint, failed, error }: { id: string; hint?: string; failed: boolean; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {failed && (
        <p id={`${id}-failed`} className="field__error">
          {m.loadError}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}

/** 'reference': one record of another resource, or none ('—', sent as null). */
export function ReferenceSelect({ field: f, optional }: { field: ReferenceField; optional: boolean }) {
  const id = useId();
  const [field] = useField<string>(f.name);
  const error = useVisibleError(f.name);
  const { options, failed } = useOptions(f, [field.value]);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {f.label}
        {optional && <span className="field__optional"> {messages.common.optional}</span>}
      </label>
      <select
        id={id}
        className="field__control"
        {...field}
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(f.hint && `${id}-hint`, failed && `${id}-failed`, error && `${id}-error`)}
      >
        <option value="">{m.none}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Messages id={id} hint={f.hint} failed={failed} error={error} />
    </div>
  );
}

/** 'references': several records of another resource (a video's tags), as checkboxes in one group. */
export function ReferenceChecks({ field: f, optional }: { field: ReferenceField; optional: boolean }) {
  const id = useId();
  const [field] = useField<string[]>(f.name);
  const error = useVisibleError(f.name);
  const { options, loading, failed } = useOptions(f, field.value);
  return (
    <fieldset
      className="field reference-checks"
      // Focusable so that FocusFirstError can bring the keyboard to the group's message.
      tabIndex={-1}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(f.hint && `${id}-hint`, failed && `${id}-failed`, error && `${id}-error`)}
    >
      <legend className="field__label">
        {f.label}
        {optional && <span className="field__optional"> {messages.common.optional}</span>}
      </legend>
      {loading && <p className="muted reference-checks__note">{messages.common.loading}</p>}
      {!loading && !failed && options.length === 0 && <p className="muted reference-checks__note">{m.noOptions}</p>}
      <div className="reference-checks__options">
        {options.map((option) => (
          <label key={option.value} className="reference-checks__option">
            <Field type="checkbox" name={f.name} value={option.value} />
            {option.label}
          </label>
        ))}
      </div>
      <Messages id={id} hint={f.hint} failed={failed} error={error} />
    </fieldset>
  );
}
