import { messages } from '@studio/shared/messages';
import { fieldLabels } from '@studio/shared/messages/fields';
import { normalizePhone } from '@studio/shared/schemas/fields';
import { useField, useFormikContext } from 'formik';
import { type InputHTMLAttributes, type SelectHTMLAttributes, useEffect, useId, useRef } from 'react';
import './form-field.css';

/** Errors show once a field was left or the form was submitted, not while someone is still typing a first time. */
export function useVisibleError(name: string): string | undefined {
  const [, meta] = useField(name);
  const { submitCount } = useFormikContext();
  return (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(' ');
  return joined || undefined;
}

function FieldLabel({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {label}
      {optional && <span className="field__optional"> {messages.common.optional}</span>}
    </label>
  );
}

interface FieldProps {
  name: string;
  label: string;
  optional?: boolean;
  hint?: string;
}

type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

export function TextField({ name, label, optional, hint, ...inputProps }: TextFieldProps) {
  const id = useId();
  const [field] = useField(name);
  const error = useVisibleError(name);
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <input
        id={id}
        className="field__control"
        {...field}
        {...inputProps}
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
      />
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

/**
 * A phone number as the spec keeps it (§5): digits only, at most 10, as typed.
 * No maxLength: it would cut a pasted '(55) 1234-5678' before normalizePhone could keep its 10 digits.
 */
export function PhoneField({ name = 'phone', label = fieldLabels.phone }: { name?: string; label?: string }) {
  const { setFieldValue } = useFormikContext();
  return (
    <TextField
      name={name}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      label={label}
      onChange={(event) => void setFieldValue(name, normalizePhone(event.target.value))}
    />
  );
}

type SelectFieldProps = FieldProps & { options: readonly string[] } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'id'>;

export function SelectField({ name, label, optional, options, ...selectProps }: SelectFieldProps) {
  const id = useId();
  const [field] = useField(name);
  const error = useVisibleError(name);
  return (
    <div className="field">
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <select
        id={id}
        className="field__control"
        {...field}
        {...selectProps}
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
      >
        <option value="">{messages.common.selectPlaceholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
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

interface CheckboxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  /** Extra description, e.g. the list of documents being accepted. */
  descriptionId?: string;
}

export function Checkbox({ label, checked, onChange, error, descriptionId }: CheckboxProps) {
  const id = useId();
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(descriptionId, error && `${id}-error`)}
      />
      <label htmlFor={id}>{label}</label>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** After a submit attempt fails, moves focus to the first invalid field so keyboard and screen-reader users land on the problem. */
export function FocusFirstError() {
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  const handledSubmit = useRef(0);
  useEffect(() => {
    // Keyed on the attempt number: React may batch "submitting" and "done" into one render, so no transition is assumed.
    if (isSubmitting || submitCount === handledSubmit.current) return;
    handledSubmit.current = submitCount;
    if (!isValid) document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  }, [submitCount, isSubmitting, isValid]);
  return null;
}

/** A form-level failure (server or identity provider), announced as it appears. */
export function FormError({ message }: { message: string | null | undefined }) {
  return (
    <div role="alert" className="form-error-slot">
      {message && <p className="form-error">{message}</p>}
    </div>
  );
}
