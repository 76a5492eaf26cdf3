import { adminFormsMessages as m } from '@studio/shared/messages/admin-forms';
import { FORM_FIELD_TYPES, type FormFieldType, needsOptions, type OptionValue } from '@studio/shared/schemas/catalogue/common';
import { CUSTOM_FIELD_OBJECTS, type CustomFieldObject } from '@studio/shared/schemas/catalogue/custom-fields';
import type { FieldOption } from '@studio/shared/types/catalogue';
import { type FormikErrors, setIn, yupToFormErrors } from 'formik';
import { type Schema, type SchemaObjectDescription, ValidationError } from 'yup';
import { OBJECT_PARAM } from './admin-forms-paths';

/** One choice of a select as edited: the value is text in its input; `typed` is the stored value it came from, if any. */
export interface OptionRow {
  label: string;
  value: string;
  typed: OptionValue | null;
}

export const EMPTY_OPTION: OptionRow = { label: '', value: '', typed: null };

export const TYPE_CHOICES = FORM_FIELD_TYPES.map((type) => ({ value: type, label: m.types[type] }));
export const OBJECT_CHOICES = CUSTOM_FIELD_OBJECTS.map((object) => ({ value: object, label: m.objects[object] }));

/** The custom fields filter from the address; anything but a known object type shows them all. */
export function objectFrom(value: string | null): CustomFieldObject | null {
  return CUSTOM_FIELD_OBJECTS.find((object) => object === value) ?? null;
}

/** Links out of a list filtered by object carry the filter, so the forms start with it and return to it. */
export const withObject = (path: string, object: CustomFieldObject | null) => (object ? `${path}?${OBJECT_PARAM}=${object}` : path);

export const typeName = (type: string) => (type in m.types ? m.types[type as FormFieldType] : type);

export function optionRows(options: readonly FieldOption[] | undefined): OptionRow[] {
  return (options ?? []).map((option) => ({ label: option.label, value: String(option.value), typed: option.value }));
}

/**
 * The options as the API takes them. A value the admin did not touch goes
 * back with its stored type: the spec allows numbers and `false`, and turning
 * them into text would change what answers already saved point to. A blank
 * value stores the label, which is what most selects want.
 */
export function optionsBody(type: string, rows: readonly OptionRow[]): { label: string; value: OptionValue }[] {
  // Only selects offer choices; other types send none, so no hidden, uneditable option can block the save.
  if (!needsOptions(type)) return [];
  return rows.map((row) => {
    if (row.typed !== null && row.value === String(row.typed)) return { label: row.label, value: row.typed };
    return { label: row.label, value: row.value.trim() === '' ? row.label.trim() : row.value };
  });
}

/** Whether the API lets this field be left out, read from the schema so the form never disagrees with it. */
export function isOptional(schema: Schema, name: string): boolean {
  const field = (schema.describe() as Partial<SchemaObjectDescription>).fields?.[name];
  return field !== undefined && 'optional' in field && field.optional;
}

/** Validates exactly what will be sent, with the API's schema, so the form shows the API's own messages on its inputs. */
export async function validateBody<T>(schema: Schema, body: Record<string, unknown>): Promise<FormikErrors<T>> {
  try {
    await schema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return yupToFormErrors<T>(error);
    throw error;
  }
}

/**
 * The server's field errors come keyed by the schema's paths ('form_fields[1].key');
 * Formik keeps errors nested like the values, so each path is set in place.
 * setIn is typed any; it answers a copy of the errors with one more message at
 * its path, which is how formik's own yupToFormErrors builds FormikErrors<T>.
 */
export function serverFieldErrors<T>(fields: Readonly<Record<string, string>>): FormikErrors<T> {
  return Object.entries(fields).reduce<FormikErrors<T>>(
    (errors, [path, message]) => (path === '_' ? errors : (setIn(errors, path, message) as FormikErrors<T>)),
    {},
  );
}
