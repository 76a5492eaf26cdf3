import type { CatalogueRecord, ResourceDescriptor, ResourceField } from './resource-descriptor';

/** Form state: text inputs hold strings ('' when empty), number inputs a number or '', checkboxes a boolean. */
export type FormValues = Record<string, string | number | boolean>;

// The colour picker always shows a colour, so a new record starts with the one it shows.
const EMPTY_COLOR = '#000000';

function emptyValue(field: ResourceField): string | boolean {
  if (field.kind === 'checkbox') return field.initial ?? false;
  return field.kind === 'color' ? EMPTY_COLOR : '';
}

/** The form's starting values: the record's, or empty ones for a new record. */
export function formValues(d: ResourceDescriptor, record: CatalogueRecord | null): FormValues {
  return Object.fromEntries(
    d.fields.map((field) => {
      const value = record?.[field.name];
      return [field.name, typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : emptyValue(field)];
    }),
  );
}

/**
 * What POST or PUT sends, and what the shared schema validates before it goes:
 * every form field (an empty one as null, which clears it, as the API's rules
 * say), plus the id on update or the create marker (class categories' 'nueva').
 */
export function requestBody(d: ResourceDescriptor, values: FormValues, id: number | null): Record<string, unknown> {
  const fields = Object.fromEntries(d.fields.map((field) => [field.name, values[field.name] === '' ? null : values[field.name]]));
  return id === null ? { ...d.createExtras, ...fields } : { [d.id]: id, ...fields };
}
