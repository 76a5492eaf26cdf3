import type { CatalogueFile } from '@studio/shared/types/catalogue';
import type { CatalogueRecord, ResourceDescriptor, ResourceField } from './resource-descriptor';

/**
 * An image field's state: the file the record will have, and whether the
 * person changed it. An untouched image is not sent, so a PUT keeps the stored
 * one (and never echoes back the record's copy, which the schema may refuse).
 */
export interface ImageValue {
  file: CatalogueFile | null;
  changed: boolean;
}

/**
 * Form state: text inputs (and the spot map's row sizes) hold strings ('' when
 * empty), number inputs a number or '', checkboxes a boolean, images an ImageValue.
 */
export type FormValues = Record<string, string | number | boolean | ImageValue>;

// The colour picker always shows a colour, so a new record starts with the one it shows.
const EMPTY_COLOR = '#000000';

function emptyValue(field: ResourceField): string | boolean {
  if (field.kind === 'checkbox') return field.initial ?? false;
  return field.kind === 'color' ? EMPTY_COLOR : '';
}

function isFile(value: unknown): value is CatalogueFile {
  return typeof value === 'object' && value !== null && typeof (value as CatalogueFile).src === 'string';
}

/** The form's starting values: the record's, or empty ones for a new record. */
export function formValues(d: ResourceDescriptor, record: CatalogueRecord | null): FormValues {
  return Object.fromEntries(
    d.fields.map((field) => {
      const value = record?.[field.name];
      if (field.kind === 'image') return [field.name, { file: isFile(value) ? value : null, changed: false } satisfies ImageValue];
      return [field.name, typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : emptyValue(field)];
    }),
  );
}

/** An image as the API takes it: exactly {name, type, src} (the schema refuses other keys), or null to clear it. */
function imageBody({ file }: ImageValue): CatalogueFile | null {
  return file && { name: file.name, type: file.type, src: file.src };
}

/**
 * What POST or PUT sends, and what the shared schema validates before it goes:
 * every form field (an empty one as null, which clears it, as the API's rules
 * say; an image only when it was changed), plus the id on update or the create
 * marker (class categories' 'nueva').
 */
export function requestBody(d: ResourceDescriptor, values: FormValues, id: number | null): Record<string, unknown> {
  const fields = Object.fromEntries(
    d.fields.flatMap((field): [string, unknown][] => {
      const value = values[field.name];
      if (typeof value === 'object') return value.changed ? [[field.name, imageBody(value)]] : [];
      return [[field.name, value === '' ? null : value]];
    }),
  );
  return id === null ? { ...d.createExtras, ...fields } : { [d.id]: id, ...fields };
}
