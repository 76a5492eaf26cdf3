import type { CatalogueFile } from '@studio/shared/types/catalogue';
import { instantBody, type InstantValue, instantValue } from '../../lib/studio-instant';
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
 * Form state: text inputs (and the spot map's row sizes, and a reference's
 * select) hold strings ('' when empty), number inputs a number or '',
 * checkboxes a boolean, a references group the ticked ids as strings, images
 * an ImageValue, instants an InstantValue.
 */
export type FormValues = Record<string, string | number | boolean | string[] | ImageValue | InstantValue>;

// The colour picker always shows a colour, so a new record starts with the one it shows.
const EMPTY_COLOR = '#000000';

function emptyValue(field: ResourceField): string | boolean {
  if (field.kind === 'checkbox') return field.initial ?? false;
  return field.kind === 'color' ? EMPTY_COLOR : '';
}

function isFile(value: unknown): value is CatalogueFile {
  return typeof value === 'object' && value !== null && typeof (value as CatalogueFile).src === 'string';
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function startValue(field: ResourceField, record: CatalogueRecord | null, timezone: string): FormValues[string] {
  const value = record?.['of' in field ? (field.source ?? field.name) : field.name];
  switch (field.kind) {
    case 'image':
      return { file: isFile(value) ? value : null, changed: false } satisfies ImageValue;
    case 'instant':
      return instantValue(value, timezone);
    case 'reference':
      return isId(value) ? String(value) : '';
    case 'references':
      return Array.isArray(value) ? value.filter(isId).map(String) : [];
    default:
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : emptyValue(field);
  }
}

/** The form's starting values: the record's, or empty ones for a new record; instants shown in the studio's `timezone`. */
export function formValues(d: ResourceDescriptor, record: CatalogueRecord | null, timezone: string): FormValues {
  return Object.fromEntries(d.fields.map((field) => [field.name, startValue(field, record, timezone)]));
}

/** An image as the API takes it: exactly {name, type, src} (the schema refuses other keys), or null to clear it. */
function imageBody({ file }: ImageValue): CatalogueFile | null {
  return file && { name: file.name, type: file.type, src: file.src };
}

/** One field's value as sent, or undefined to leave it out (an untouched image). */
function fieldBody(field: ResourceField, value: FormValues[string], timezone: string): unknown {
  switch (field.kind) {
    case 'image':
      return (value as ImageValue).changed ? imageBody(value as ImageValue) : undefined;
    case 'instant':
      return instantBody(value as InstantValue, timezone);
    case 'reference':
      return value === '' ? null : Number(value);
    case 'references':
      return (value as string[]).map(Number);
    default:
      return value === '' ? null : value;
  }
}

/**
 * What POST or PUT sends, and what the shared schema validates before it goes:
 * every form field (an empty one as null, which clears it, as the API's rules
 * say; an image only when it was changed; reference ids as numbers; an instant
 * typed in the studio's `timezone` as ISO), plus the id on update or the
 * create marker (class categories' 'nueva').
 */
export function requestBody(d: ResourceDescriptor, values: FormValues, id: number | null, timezone: string): Record<string, unknown> {
  const fields = Object.fromEntries(
    d.fields.flatMap((field): [string, unknown][] => {
      const value = fieldBody(field, values[field.name] as FormValues[string], timezone);
      return value === undefined ? [] : [[field.name, value]];
    }),
  );
  return id === null ? { ...d.createExtras, ...fields } : { [d.id]: id, ...fields };
}
