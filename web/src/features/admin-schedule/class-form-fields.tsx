import { messages } from '@studio/shared/messages';
import { adminScheduleMessages as m } from '@studio/shared/messages/admin-schedule';
import { fieldLabels } from '@studio/shared/messages/fields';
import type { ClassType, Instructor, Location } from '@studio/shared/types/catalogue';
import { Field, getIn, setIn, useField, useFormikContext } from 'formik';
import { type ReactNode, useId } from 'react';
import { type Schema, ValidationError } from 'yup';
import { TextField, useVisibleError } from '../../components/form-field';

/** Form state: inputs hold strings ('' when empty), checkbox groups the checked values. */
export interface ClassFormValues {
  class_type_id: string;
  location_id: string;
  instructor_ids: string[];
  date: string;
  start_time: string;
  duration_minutes: string | number;
  capacity: string | number;
}

/**
 * An input's number, or undefined when empty: left out of the body, so the
 * schema says 'required' rather than 'not a number'. Formik keeps a number
 * input's value as a number once typed in, and '' when emptied.
 */
export function numberOrUndefined(value: string | number): number | undefined {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? undefined : Number(value);
}

/** Where a schema's whole-object test (e.g. 'No hay cambios que guardar.') is kept among the form's errors. */
export const FORM_ERROR = '_form';

/** Validates exactly what will be sent, with the API's schema, so the form shows the API's own messages (as admin-catalogue does). */
export async function validateBody(schema: Schema, body: object): Promise<Record<string, unknown>> {
  try {
    await schema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // As formik's yupToFormErrors (first message per field wins), but a whole-object error gets a key of its own.
    let errors: Record<string, unknown> = {};
    for (const e of error.inner.length > 0 ? error.inner : [error]) {
      const path = e.path || FORM_ERROR;
      if (getIn(errors, path) === undefined) errors = setIn(errors, path, e.message) as Record<string, unknown>;
    }
    return errors;
  }
}

/** A select of catalogue records by id; wired like form-field's SelectField (which takes plain strings). */
export function IdSelect({ name, label, options }: { name: string; label: string; options: Array<{ id: number; name: string }> }) {
  const id = useId();
  const [field] = useField<string>(name);
  const error = useVisibleError(name);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__control"
        {...field}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{messages.common.selectPlaceholder}</option>
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.name}
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

/** Checkboxes writing an array of values (coaches, weekdays); the group's error is read with the group. */
export function CheckboxGroup({ name, legend, options }: { name: string; legend: string; options: Array<{ value: string; label: string }> }) {
  const id = useId();
  const error = useVisibleError(name);
  return (
    <fieldset className="field admin-schedule__group" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="admin-schedule__checks">
        {options.map((o) => (
          <label key={o.value} className="admin-schedule__check">
            <Field type="checkbox" name={name} value={o.value} aria-invalid={error ? true : undefined} /> {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Radio buttons for a choice that is not sent as such (series end) or is (edit scope). */
export function RadioGroup({ name, legend, options }: { name: string; legend: string; options: Array<{ value: string; label: string }> }) {
  return (
    <fieldset className="field admin-schedule__group">
      <legend className="field__label">{legend}</legend>
      <div className="admin-schedule__checks">
        {options.map((o) => (
          <label key={o.value} className="admin-schedule__check">
            <Field type="radio" name={name} value={o.value} /> {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export const coachName = (i: { name: string; last_name: string | null; nick_name?: string | null }) =>
  i.nick_name || [i.name, i.last_name].filter(Boolean).join(' ');

export interface ClassOptions {
  classTypes: ClassType[];
  locations: Location[];
  instructors: Instructor[];
}

/**
 * What a class is, besides when: type, location, coaches, duration and
 * capacity. `when` is the date/time inputs the caller puts first.
 */
export function ClassFields({ options, when, capacityOptional = true }: { options: ClassOptions; when: ReactNode; capacityOptional?: boolean }) {
  const { values } = useFormikContext<ClassFormValues>();
  const type = options.classTypes.find((t) => String(t.class_type_id) === values.class_type_id);
  // Without a map the API needs a capacity; with one, empty means "the map's spots".
  const hasMap = type ? type.spot_map !== null && type.spot_map !== '' : true;
  return (
    <>
      <IdSelect name="class_type_id" label={fieldLabels.class_type_id} options={options.classTypes.map((t) => ({ id: t.class_type_id, name: t.name }))} />
      <IdSelect name="location_id" label={fieldLabels.location_id} options={options.locations.map((l) => ({ id: l.location_id, name: l.name }))} />
      <CheckboxGroup
        name="instructor_ids"
        legend={m.coaches}
        options={options.instructors.map((i) => ({ value: String(i.instructor_id), label: coachName(i) }))}
      />
      {when}
      <TextField name="start_time" label={fieldLabels.start_time} type="time" />
      <TextField name="duration_minutes" label={fieldLabels.duration_minutes} type="number" inputMode="numeric" min={5} max={600} />
      <TextField
        name="capacity"
        label={fieldLabels.capacity}
        type="number"
        inputMode="numeric"
        min={1}
        optional={capacityOptional && hasMap}
        hint={capacityOptional ? (hasMap ? m.capacityHint : m.capacityNoMap) : undefined}
      />
    </>
  );
}
