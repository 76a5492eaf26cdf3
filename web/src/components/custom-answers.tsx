import { dynamicFormMessages } from '@studio/shared/messages/dynamic-form';
import { type DynamicField, type DynamicValue, type DynamicValues, nestedFields } from '@studio/shared/schemas/dynamic-form';
import type { StudioFileRef } from '@studio/shared/schemas/file';

const t = dynamicFormMessages.card;

/** An answer to a custom field as a person reads it; null when there is none. */
export function answerText(field: DynamicField, value: DynamicValue | undefined): string | null {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  if (field.type === 'select') return field.options?.find((option) => option.value === value)?.label ?? String(value);
  if (typeof value === 'boolean') return value ? t.yes : t.no;
  if (typeof value !== 'object') return String(value);
  const list: unknown[] = Array.isArray(value) ? value : [value];
  if (field.type === 'file' || field.type === 'image') return list.map((file) => (file as StudioFileRef).name).join(', ');
  if (field.type === 'address') {
    const parts = value as Record<string, DynamicValue>;
    const text = nestedFields(field)
      .map((part) => parts[part.key])
      .filter((part) => typeof part === 'string' && part.trim() !== '')
      .join(', ');
    return text || null;
  }
  return list.join(', ');
}

/**
 * The answered questions as rows of a description list (`<dt>` question,
 * `<dd>` answer), in the fields' order; an answer to a question the studio
 * has since removed is still shown, under its key. Renders nothing when
 * nothing was answered.
 */
export function CustomAnswerRows({ fields, values }: { fields: readonly DynamicField[]; values: DynamicValues }) {
  const known = new Set(fields.map((field) => field.key));
  const rows = [
    ...fields.map((field) => ({ key: field.key, label: field.label, text: answerText(field, values[field.key]) })),
    ...Object.keys(values)
      .filter((key) => !known.has(key))
      .map((key) => ({ key, label: key, text: answerText({ key, label: key, type: 'text', required: false }, values[key]) })),
  ].filter((row) => row.text !== null);
  return (
    <>
      {rows.map((row) => (
        <div key={row.key}>
          <dt>{row.label}</dt>
          <dd>{row.text}</dd>
        </div>
      ))}
    </>
  );
}
