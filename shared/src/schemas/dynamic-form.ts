/**
 * Answers to dynamic fields — a form's `form_fields` or the studio's custom
 * fields — checked by the spec's per-type rules (customer-area §5 "Dynamic
 * form, on save"). One builder serves the web form (formik) and the API
 * (ADR 0086), so both refuse the same answers with the same words.
 */
import { type Lazy, lazy, mixed, object, type Schema, ValidationError } from 'yup';
import { fill, messages } from '../messages';
import { dynamicFormMessages } from '../messages/dynamic-form';
import { fieldLabels } from '../messages/fields';
import type { FieldOption } from '../types/catalogue';
import { addressCreateSchema } from './catalogue/addresses';
import { FIELD_OPTIONS_MAX, FILE_SRC_PATTERN, type FormFieldType } from './catalogue/common';
import { calendarDate, PHONE_MAX_DIGITS, phonePattern, textProblemMessage, unknownFields } from './fields';
import type { StudioFileRef } from './file';
import { textProblem } from './text';

const v = messages.validation;
const m = dynamicFormMessages.validation;

/** What the renderer and the rules need of a field; a form's field and a custom field both fit. */
export interface DynamicField {
  key: string;
  label: string;
  /** The input's name in the spec's forms; the answer is always stored under `key`. */
  name?: string | undefined;
  type: FormFieldType;
  required: boolean;
  options?: readonly FieldOption[] | undefined;
  step?: number | null | undefined;
  order?: number | null | undefined;
  className?: string | null | undefined;
  /** Address fields: the nested address form's (form 6) fields; without them the billing-address rules apply. */
  form_fields?: readonly DynamicField[] | undefined;
}

/** The answers of an address field, by nested key. */
export interface DynamicNestedValues {
  [key: string]: DynamicValue;
}

/**
 * One answer: text (text, textarea, time, date as YYYY-MM-DD, datetime-local,
 * phone digits), a number, a select's option value, a creatable select's
 * strings, an uploaded file or a list of them, or an address.
 */
export type DynamicValue = string | number | boolean | string[] | StudioFileRef | StudioFileRef[] | DynamicNestedValues | null;
export type DynamicValues = Record<string, DynamicValue>;

/** Longest text answer; textareas get more room. */
export const DYNAMIC_TEXT_MAX = 500;
export const DYNAMIC_TEXTAREA_MAX = 5000;
/** Files one image field may hold (the spec allows several). */
export const DYNAMIC_FILES_MAX = 10;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nothing answered: undefined, null, blank text, an empty list, or an address whose every part is empty. `false` and 0 are answers. */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value) && !('file_id' in value)) return Object.values(value).every(isEmptyAnswer);
  return false;
}

function emptyMessage(type: FormFieldType): string {
  if (type === 'select') return v.selectOption;
  if (type === 'file' || type === 'image') return v.fileRequired;
  return v.required;
}

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const DATETIME_PATTERN = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const validDate = (text: string) => calendarDate().isValidSync(text);

export function isFileRef(value: unknown): value is StudioFileRef {
  return (
    isPlainObject(value) &&
    Number.isInteger(value.file_id) &&
    (value.file_id as number) > 0 &&
    typeof value.name === 'string' &&
    typeof value.type === 'string' &&
    typeof value.src === 'string' &&
    FILE_SRC_PATTERN.test(value.src) &&
    Object.keys(value).every((key) => ['file_id', 'name', 'type', 'src'].includes(key))
  );
}

/** A typed answer: text, within its length, and by the rules of every text field (./text.ts); a textarea keeps its line breaks. */
function textAnswerProblem(value: unknown, max: number, multiline = false): string | null {
  if (typeof value !== 'string') return v.mustBeText;
  if (value.length > max) return fill(v.tooLong, { n: max });
  const problem = textProblem(value, { multiline });
  return problem === null ? null : textProblemMessage(problem);
}

/** Why a non-empty answer is not of its field's type, or null when it is. */
function typeProblem(field: DynamicField, value: unknown): string | null {
  switch (field.type) {
    case 'text':
      return textAnswerProblem(value, DYNAMIC_TEXT_MAX);
    case 'textarea':
      return textAnswerProblem(value, DYNAMIC_TEXTAREA_MAX, true);
    case 'time':
      return typeof value === 'string' && TIME_PATTERN.test(value) ? null : m.invalidTime;
    case 'date':
      return typeof value === 'string' && validDate(value) ? null : v.mustBeDate;
    case 'datetime-local': {
      const match = typeof value === 'string' ? DATETIME_PATTERN.exec(value) : null;
      return match?.[1] && validDate(match[1]) ? null : v.mustBeDate;
    }
    case 'phone':
      return typeof value === 'string' && /^\d+$/.test(value) && value.length <= PHONE_MAX_DIGITS && phonePattern.test(value) ? null : v.phoneFormat;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return v.mustBeNumber;
      return value < 0 ? v.mustBePositive : null;
    case 'select':
      return (field.options ?? []).some((option) => option.value === value) ? null : v.selectOption;
    case 'creatable-select':
      return Array.isArray(value) &&
        value.length <= FIELD_OPTIONS_MAX &&
        value.every((item) => typeof item === 'string' && item.trim() !== '' && textAnswerProblem(item, DYNAMIC_TEXT_MAX) === null)
        ? null
        : v.invalidValue;
    case 'file':
    case 'image':
      if (Array.isArray(value)) return value.length <= DYNAMIC_FILES_MAX && value.every(isFileRef) ? null : v.fileRequired;
      return isFileRef(value) ? null : v.fileRequired;
    case 'address':
      // Checked field by field by the nested schema (fieldSchema).
      return null;
  }
}

/** The billing address as a nested form, for address fields that carry no form 6 fields: the address rules, labelled. */
export function addressFormFields(): DynamicField[] {
  const labels: Record<string, string> = fieldLabels;
  return Object.entries(addressCreateSchema.describe().fields).map(([key, description]) => ({
    key,
    label: labels[key] ?? key,
    type: 'text',
    required: 'optional' in description && !description.optional,
  }));
}

/** The nested fields of an address field: form 6's when given, else the billing-address rules. */
export const nestedFields = (field: DynamicField): readonly DynamicField[] => (field.form_fields?.length ? field.form_fields : addressFormFields());

function fieldSchema(field: DynamicField): Schema | Lazy<unknown> {
  const presence = mixed()
    .nullable()
    .test('present', emptyMessage(field.type), (value) => !field.required || !isEmptyAnswer(value));
  if (field.type === 'address') {
    const nested = dynamicValuesSchema(nestedFields(field));
    return lazy((value) => (isEmptyAnswer(value) ? presence : nested));
  }
  return presence.test('well-typed', v.invalidValue, function (value) {
    if (isEmptyAnswer(value)) return true;
    const problem = typeProblem(field, value);
    return problem === null || this.createError({ message: problem });
  });
}

/**
 * The answers to these fields: only required fields must be answered, but
 * whatever is answered must be of its field's type; keys of no field are
 * refused one by one. Errors are filed under each key (an address's under
 * `key.part`), as formik and the API's `fields` expect.
 */
export function dynamicValuesSchema(fields: readonly DynamicField[]) {
  const known = new Set(fields.map((field) => field.key));
  return object(Object.fromEntries(fields.map((field) => [field.key, fieldSchema(field)])))
    .typeError(v.invalidValue)
    .test('known-keys', v.invalidValue, function (value) {
      if (!isPlainObject(value)) return true;
      const unknown = Object.keys(value).filter((key) => !known.has(key));
      if (unknown.length === 0) return true;
      return new ValidationError(
        unknown.map((key) => this.createError({ path: this.path ? `${this.path}.${key}` : key, message: fill(m.unknownKey, { key }) })),
      );
    });
}

/** The required fields whose answer is missing or invalid: what keeps a profile "pending". */
export function pendingFieldKeys(fields: readonly DynamicField[], values: Readonly<Record<string, unknown>>): string[] {
  return fields.filter((field) => field.required && !fieldSchema(field).isValidSync(values[field.key])).map((field) => field.key);
}

/**
 * The alert after a refused save: 'Revisa el campo: {label}' when one field
 * is wrong (an address counts as one), 'Revisa los campos faltantes o
 * inválidos' for several. `errors` is keyed by field key (formik's errors, or
 * the API's fields by key).
 */
export function summaryMessage(errors: Readonly<Record<string, unknown>>, fields: readonly DynamicField[]): string {
  const wrong = Object.keys(errors).filter((key) => errors[key] !== undefined && errors[key] !== null && errors[key] !== '');
  const only = wrong.length === 1 ? wrong[0] : undefined;
  if (only === undefined) return v.missingFields;
  const label = fields.find((field) => field.key === only)?.label ?? only;
  return fill(v.requiredField, { label });
}

/** The answers worth keeping: empty ones (an address's empty parts too) are left out, so "not answered" has one form. */
export function compactAnswers(values: Readonly<Record<string, DynamicValue | undefined>>): DynamicValues {
  const kept: DynamicValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || isEmptyAnswer(value)) continue;
    kept[key] = isPlainObject(value) && !('file_id' in value) ? compactAnswers(value) : value;
  }
  return kept;
}

/**
 * PUT /api/customer/custom_values: the envelope. The answers inside are checked
 * by the service with `dynamicValuesSchema` against the studio's current
 * customer fields, which only the server knows for sure.
 */
export const customValuesBodySchema = object({
  values: object().typeError(v.invalidValue).required(v.required),
})
  .noUnknown(unknownFields)
  .strict();
export type CustomValuesInput = { values: Record<string, unknown> };
