import type { FormFieldType } from '@studio/shared/schemas/catalogue/common';
import type { CustomFieldObject } from '@studio/shared/schemas/catalogue/custom-fields';
import type { CustomField } from '@studio/shared/types/catalogue';
import { type OptionRow, optionRows, optionsBody } from './field-values';

export interface CustomFieldValues {
  key: string;
  label: string;
  type: FormFieldType | '';
  object: CustomFieldObject | '';
  required: boolean;
  options: OptionRow[];
}

/** The record's values, or empty ones with the object the list was showing (creating from a filtered list). */
export function customFieldValues(record: CustomField | null, object: CustomFieldObject | null): CustomFieldValues {
  if (!record) return { key: '', label: '', type: '', object: object ?? '', required: false, options: [] };
  return { key: record.key, label: record.label, type: record.type, object: record.object, required: record.required, options: optionRows(record.options) };
}

/** What POST or PUT /custom_fields sends, and what the shared schema validates before it goes (custom_field_id on update). */
export function customFieldBody(values: CustomFieldValues, id: number | null): Record<string, unknown> {
  const body = {
    key: values.key,
    label: values.label,
    type: values.type,
    object: values.object,
    required: values.required,
    options: optionsBody(values.type, values.options),
  };
  return id === null ? body : { custom_field_id: id, ...body };
}
