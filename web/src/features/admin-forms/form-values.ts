import type { FieldValue, FormFieldType } from '@studio/shared/schemas/catalogue/common';
import type { Form, FormField } from '@studio/shared/types/catalogue';
import { type OptionRow, optionRows, optionsBody } from './field-values';

/** What the editor keeps of a stored field without showing it, so saving from here never loses it. */
interface KeptField {
  /** The input's name, only when it differs from the key (otherwise it follows the key, as the API's default does). */
  name: string | null;
  className: string | null;
  value: FieldValue;
  /** The type the default value was set for. */
  type: FormFieldType | null;
}

export interface FieldRow {
  /** The row's identity while editing (keys can be edited, and React must keep focus on a moved row). */
  uid: string;
  key: string;
  label: string;
  type: FormFieldType | '';
  required: boolean;
  /** '' while empty: number inputs hold a number or ''. */
  step: number | '';
  options: OptionRow[];
  kept: KeptField;
}

export interface FormEditorValues {
  name: string;
  description: string;
  form_fields: FieldRow[];
}

let lastUid = 0;
const nextUid = () => `field-${++lastUid}`;

export function newFieldRow(): FieldRow {
  return {
    uid: nextUid(),
    key: '',
    label: '',
    type: '',
    required: false,
    step: '',
    options: [],
    kept: { name: null, className: null, value: null, type: null },
  };
}

function fieldRow(field: FormField): FieldRow {
  return {
    uid: nextUid(),
    key: field.key,
    label: field.label,
    type: field.type,
    required: field.required,
    step: field.step ?? '',
    options: optionRows(field.options),
    kept: { name: field.name && field.name !== field.key ? field.name : null, className: field.className, value: field.value, type: field.type },
  };
}

/**
 * Customers see the fields by `order` (unordered last, then as stored), so
 * the editor lists them that way too; saving then sends each field's place as
 * its `order`, and what the admin arranged is what customers get.
 */
function customerOrder(fields: readonly FormField[]): FormField[] {
  return fields
    .map((field, index) => ({ field, index }))
    .sort((a, b) => (a.field.order ?? Number.POSITIVE_INFINITY) - (b.field.order ?? Number.POSITIVE_INFINITY) || a.index - b.index)
    .map(({ field }) => field);
}

export function formEditorValues(form: Form | null): FormEditorValues {
  if (!form) return { name: '', description: '', form_fields: [] };
  return { name: form.name, description: form.description ?? '', form_fields: customerOrder(form.form_fields).map(fieldRow) };
}

function fieldBody(row: FieldRow, index: number): Record<string, unknown> {
  const { kept } = row;
  return {
    key: row.key,
    label: row.label,
    type: row.type,
    required: row.required,
    step: row.step === '' ? null : row.step,
    order: index,
    options: optionsBody(row.type, row.options),
    ...(kept.name !== null && { name: kept.name }),
    ...(kept.className !== null && { className: kept.className }),
    // A default set for another type would not fit this one.
    ...(kept.value !== null && kept.type === row.type && { value: kept.value }),
  };
}

/**
 * What POST or PUT /forms sends, and what the shared schema validates before
 * it goes: the fields in the editor's order (the API stores that position),
 * an empty description as null (clears it), form_id on update.
 */
export function formBody(values: FormEditorValues, id: number | null): Record<string, unknown> {
  const body = {
    name: values.name,
    description: values.description.trim() === '' ? null : values.description,
    form_fields: values.form_fields.map(fieldBody),
  };
  return id === null ? body : { form_id: id, ...body };
}
