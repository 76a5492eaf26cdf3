import { fill } from '@studio/shared/messages';
import { adminFormsMessages as m } from '@studio/shared/messages/admin-forms';
import { fieldLabels } from '@studio/shared/messages/fields';
import { FieldArray, getIn, useFormikContext } from 'formik';
import { useId, useRef } from 'react';
import { TextField } from '../../components/form-field';
import { EMPTY_OPTION, type OptionRow } from './field-values';

/**
 * The choices of a select field (`name` is the options' path: 'options' or
 * 'form_fields.2.options'): label and stored value per row, added and removed
 * here. The schema's rule on the whole list shows under the legend and
 * describes the add button, where focus lands when it is the problem.
 */
export function OptionsEditor({ name }: { name: string }) {
  const id = useId();
  const addRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const { errors, submitCount, getFieldMeta } = useFormikContext();
  const rows = getFieldMeta<OptionRow[] | undefined>(name).value ?? [];
  const listError: unknown = getIn(errors, name);
  const error = submitCount > 0 && typeof listError === 'string' ? listError : undefined;
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');

  // Focus follows the change so keyboard users stay where they work: the new row's label, or the add button after a removal.
  const focusLater = (find: () => HTMLElement | null | undefined) => requestAnimationFrame(() => find()?.focus());

  return (
    <fieldset className="admin-forms__options" aria-describedby={describedBy}>
      <legend>{m.options.legend}</legend>
      <p id={`${id}-hint`} className="field__hint">
        {m.options.hint}
      </p>
      <FieldArray name={name}>
        {(helpers) => (
          <>
            <div ref={listRef}>
              {rows.length === 0 && <p className="muted">{m.options.none}</p>}
              {rows.map((row, index) => {
                const shown = row.label.trim() || fill(m.options.unnamed, { n: index + 1 });
                return (
                  // Options have no identity of their own; their place is their identity in the body too.
                  <fieldset key={index} className="admin-forms__option" data-option-row>
                    <legend>{fill(m.options.row, { n: index + 1 })}</legend>
                    <TextField name={`${name}.${index}.label`} label={fieldLabels.label} />
                    <TextField name={`${name}.${index}.value`} label={m.options.valueLabel} optional />
                    <button
                      type="button"
                      className="button button--secondary"
                      aria-label={fill(m.options.remove, { label: shown })}
                      onClick={() => {
                        helpers.remove(index);
                        focusLater(() => addRef.current);
                      }}
                    >
                      {m.options.removeText}
                    </button>
                  </fieldset>
                );
              })}
            </div>
            <button
              ref={addRef}
              type="button"
              className="button button--secondary"
              data-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onClick={() => {
                helpers.push({ ...EMPTY_OPTION });
                focusLater(() => [...(listRef.current?.querySelectorAll('[data-option-row]') ?? [])].at(-1)?.querySelector('input'));
              }}
            >
              {m.options.add}
            </button>
          </>
        )}
      </FieldArray>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
