import { fill, messages } from '@studio/shared/messages';
import { studioInstantMessages as m } from '@studio/shared/messages/studio-instant';
import { useField, useFormikContext } from 'formik';
import { useId } from 'react';
import type { InstantValue } from '../lib/studio-instant';
import './instant-field.css';
import './form-field.css';

/**
 * A day and a time as the studio's clock reads them (the configured zone,
 * whatever the browser's), in one group; the form turns them into the ISO
 * instant the API stores (lib/studio-instant.ts instantBody). One without the
 * other is refused here, since the schema would only see a blank. Used by the
 * catalogue's 'instant' fields and a schedule release's start.
 */
export function InstantField({ name, label, optional, hint, timezone }: { name: string; label: string; optional: boolean; hint?: string; timezone: string }) {
  const id = useId();
  const [field, meta, helpers] = useField<InstantValue>({
    name,
    validate: ({ day, time }: InstantValue) => ((day === '') !== (time === '') ? (optional ? m.incomplete : m.incompleteRequired) : undefined),
  });
  const { submitCount } = useFormikContext();
  const error = (meta.touched || submitCount > 0) && typeof meta.error === 'string' ? meta.error : undefined;
  const describedBy = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  const set = (part: 'day' | 'time', value: string) => void helpers.setValue({ ...field.value, [part]: value });
  return (
    <fieldset
      className="field instant-field"
      // Touched once the focus leaves the group, not when it moves from the day to the time.
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) void helpers.setTouched(true);
      }}
    >
      <legend className="field__label">
        {label}
        {optional && <span className="field__optional"> {messages.common.optional}</span>}
      </legend>
      <div className="instant-field__parts">
        <div className="field">
          <label htmlFor={`${id}-day`}>{m.day}</label>
          <input
            id={`${id}-day`}
            type="date"
            className="field__control"
            value={field.value.day}
            onChange={(event) => set('day', event.target.value)}
            aria-required={optional ? undefined : true}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-time`}>{m.time}</label>
          <input
            id={`${id}-time`}
            type="time"
            className="field__control"
            value={field.value.time}
            onChange={(event) => set('time', event.target.value)}
            aria-required={optional ? undefined : true}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {[fill(m.zone, { zone: timezone }), hint].filter(Boolean).join(' ')}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
