import { messages } from '@studio/shared/messages';
import { fieldLabels } from '@studio/shared/messages/fields';
import { normalizePhone } from '@studio/shared/schemas/fields';
import { useField, useFormikContext } from 'formik';
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useEffect, useId, useRef } from 'react';
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

/** What a field's control needs from its frame: its id (the label points to it) and how it is described. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled field, the same everywhere: the label (with '(opcional)' when it
 * may be left empty), the control, its hint and its error, both read out with
 * the control. Formik forms use it through TextField and SelectField; screens
 * that keep their own state (configuration) use it directly.
 */
export function FieldFrame({
  label,
  optional,
  hint,
  hintClassName = 'field__hint',
  error,
  className,
  children,
}: {
  label: string;
  optional?: boolean;
  hint?: string;
  /** A hint that warns (a colour's low contrast) looks like a warning. */
  hintClassName?: string;
  error?: string;
  /** Extra classes next to `field`. */
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`) })}
      {hint && (
        <p id={`${id}-hint`} className={hintClassName}>
          {hint}
        </p>
      )}
      <FieldErrorText id={id} error={error} />
    </div>
  );
}

function FieldErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  ) : null;
}

interface FieldProps {
  name: string;
  label: string;
  optional?: boolean;
  hint?: string;
}

type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

export function TextField({ name, label, optional, hint, ...inputProps }: TextFieldProps) {
  const [field] = useField(name);
  const error = useVisibleError(name);
  return (
    <FieldFrame label={label} optional={optional} hint={hint} error={error}>
      {(control) => <input className="field__control" {...field} {...inputProps} aria-required={optional ? undefined : true} {...control} />}
    </FieldFrame>
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

export function SelectField({ name, label, optional, hint, options, ...selectProps }: SelectFieldProps) {
  const [field] = useField(name);
  const error = useVisibleError(name);
  return (
    <FieldFrame label={label} optional={optional} hint={hint} error={error}>
      {(control) => (
        <select className="field__control" {...field} {...selectProps} aria-required={optional ? undefined : true} {...control}>
          <option value="">{messages.common.selectPlaceholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

interface CheckboxProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  /** Shown under the box and read out with it. */
  hint?: string;
  /** Extra description elsewhere on the page, e.g. the list of documents being accepted. */
  descriptionId?: string;
  /** A setting that takes effect when saved (configuration): announced as a switch, on or off. */
  asSwitch?: boolean;
  /** Extra classes next to `field field--checkbox`. */
  className?: string;
}

export function Checkbox({ label, checked, onChange, error, hint, descriptionId, asSwitch, className }: CheckboxProps) {
  const id = useId();
  return (
    <div className={className ? `field field--checkbox ${className}` : 'field field--checkbox'}>
      <input
        id={id}
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(descriptionId, hint && `${id}-hint`, error && `${id}-error`)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldErrorText id={id} error={error} />
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
