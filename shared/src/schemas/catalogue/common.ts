import { array, mixed, number, object, string } from 'yup';
import { fill, messages } from '../../messages';
import { catalogueMessages } from '../../messages/catalogue';
import { flag, optionalText, requiredText, text, type TextOptions, unknownFields } from '../fields';

const v = messages.validation;
const c = catalogueMessages.validation;

/** Required text that is more than spaces (strict validation cannot trim, so blank is checked explicitly). */
export const nonBlankText = (max: number, message: string = v.required, options: TextOptions = {}) =>
  text(options)
    .required(message)
    .max(max, fill(v.tooLong, { n: max }))
    .test('not-blank', message, (value) => value === undefined || value === null || value.trim() !== '');

/** Optional text: omitted keeps the stored value on update, null clears it. */
export const optionalField = (max: number, options: TextOptions = {}) => optionalText(max, options).optional();

export const FILE_SRC_PATTERN = /^(\/(?!\/)|https?:\/\/)/;

/** An uploaded file as the spec shows it: {name, type, src}. No `javascript:` or protocol-relative sources. */
export const fileRef = () =>
  object({
    name: requiredText(255),
    type: requiredText(100),
    src: requiredText(2048).matches(FILE_SRC_PATTERN, c.fileSrcFormat),
  })
    .typeError(v.invalidValue)
    .noUnknown(unknownFields)
    .nullable()
    .optional()
    .default(undefined);

export const hexColor = () =>
  string()
    .typeError(v.mustBeText)
    .matches(/^#[0-9a-fA-F]{6}$/, c.colorFormat);

export const HANDLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const handle = () =>
  string()
    .typeError(v.mustBeText)
    .max(80, fill(v.tooLong, { n: 80 }))
    .matches(HANDLE_PATTERN, c.handleFormat);

export const SPOT_MAP_MAX_ROWS = 30;
export const SPOT_MAP_MAX_PER_ROW = 50;

/** Row sizes of a class type's spot map, or null when the text is not a valid map. */
export function parseSpotMap(map: string): number[] | null {
  if (!/^[1-9]\d*(,[1-9]\d*)*$/.test(map)) return null;
  return map.split(',').map(Number);
}

/** "4,5,5,4": spots per row, left to right, front to back; null means no assigned spots. */
export const spotMap = () =>
  string()
    .typeError(v.mustBeText)
    .nullable()
    .optional()
    .test('spot-map', c.spotMapFormat, function (value) {
      if (value === undefined || value === null) return true;
      const rows = parseSpotMap(value);
      if (rows === null) return false;
      if (rows.length > SPOT_MAP_MAX_ROWS || rows.some((n) => n > SPOT_MAP_MAX_PER_ROW)) {
        return this.createError({ message: fill(c.spotMapTooLarge, { rows: SPOT_MAP_MAX_ROWS, spots: SPOT_MAP_MAX_PER_ROW }) });
      }
      return true;
    });

export const optionalFlag = () => flag().optional();

/** Position in a list (0 first). */
export const position = () => number().typeError(v.mustBeNumber).integer(v.mustBeInteger).min(0, v.mustBePositive).max(10_000, v.invalidValue);

/** Field types of dynamic forms and custom fields (customer-area spec §5 "Dynamic form"). */
export const FORM_FIELD_TYPES = [
  'text',
  'time',
  'textarea',
  'date',
  'datetime-local',
  'file',
  'image',
  'phone',
  'select',
  'number',
  'creatable-select',
  'address',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
export const fieldKey = () =>
  string()
    .typeError(v.mustBeText)
    .required(v.required)
    .max(60, fill(v.tooLong, { n: 60 }))
    .matches(FIELD_KEY_PATTERN, c.fieldKeyFormat);
export const fieldType = () =>
  string()
    .typeError(v.mustBeText)
    .required(v.selectOption)
    .oneOf([...FORM_FIELD_TYPES], v.selectOption);

export type OptionValue = string | number | boolean;
const isScalar = (value: unknown): value is OptionValue =>
  typeof value === 'string' ? value.length <= 500 : typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

export const FIELD_OPTIONS_MAX = 100;

/** Choices of a select: what is shown and what is stored ('false' is a valid value, as the spec allows). */
export const fieldOptions = () =>
  array(
    object({
      label: nonBlankText(120),
      value: mixed<OptionValue>((value): value is OptionValue => isScalar(value))
        .typeError(v.invalidValue)
        .required(v.required),
    })
      .typeError(v.invalidValue)
      .noUnknown(unknownFields),
  )
    .typeError(v.mustBeList)
    .max(FIELD_OPTIONS_MAX, fill(c.tooManyItems, { n: FIELD_OPTIONS_MAX }))
    .nullable()
    .optional();

/** Select types must offer something to choose; a creatable select may start empty. */
export const needsOptions = (type: unknown) => type === 'select';

export type FieldValue = OptionValue | OptionValue[] | null;

/** A field's default value: a scalar, or a list for multiple choices and files. */
export const fieldValue = () =>
  mixed<OptionValue | OptionValue[]>(
    (value): value is OptionValue | OptionValue[] => isScalar(value) || (Array.isArray(value) && value.length <= FIELD_OPTIONS_MAX && value.every(isScalar)),
  )
    .typeError(v.invalidValue)
    .nullable()
    .optional();
