import { messages } from '@studio/shared/messages';
import { useField } from 'formik';
import { useId } from 'react';
import { Checkbox, useVisibleError } from './form-field';

/**
 * Formik-bound fields the plain ones of ./form-field.tsx lack: a multi-line
 * text, a select whose options have their own labels (ids named by the
 * catalogue, types by their Spanish names) and a checkbox. Same label, error
 * and description wiring as TextField.
 */

export function TextAreaField({ name, label, optional }: { name: string; label: string; optional?: boolean }) {
  const id = useId();
  const [field] = useField<string>(name);
  const error = useVisibleError(name);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> {messages.common.optional}</span>}
      </label>
      <textarea
        id={id}
        className="field__control"
        rows={4}
        {...field}
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function ChoiceField({
  name,
  label,
  choices,
  optional,
}: {
  name: string;
  label: string;
  choices: readonly { value: string; label: string }[];
  optional?: boolean;
}) {
  const id = useId();
  const [field] = useField<string>(name);
  const error = useVisibleError(name);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> {messages.common.optional}</span>}
      </label>
      <select
        id={id}
        className="field__control"
        {...field}
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{messages.common.selectPlaceholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export function CheckboxField({ name, label, hint }: { name: string; label: string; hint?: string }) {
  const [field, , helpers] = useField<boolean>(name);
  const error = useVisibleError(name);
  return <Checkbox label={label} checked={field.value} onChange={(checked) => void helpers.setValue(checked)} error={error} hint={hint} />;
}
