import { array, boolean, number, string } from 'yup';
import { fill, messages } from '../messages';
import { type TextProblem, textProblem } from './text';

const v = messages.validation;

/** The spec's phone pattern: optional +, optional parentheses, 3 digits, 3 digits, then 4 to 6 digits. */
export const phonePattern = /^[+]?[(]?[0-9]{3}[)]?[-\s.]?[0-9]{3}[-\s.]?[0-9]{4,6}$/;
export const PHONE_MAX_DIGITS = 10;

/**
 * What the phone input keeps: digits only, cut to 10. A pasted international
 * Mexican number (+52, or the old mobile prefix +521) loses its country code first.
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  const national = digits.length > PHONE_MAX_DIGITS ? digits.replace(/^521?(?=\d{10}$)/, '') : digits;
  return national.slice(0, PHONE_MAX_DIGITS);
}

export interface TextOptions {
  /** A textarea's text (descriptions, comments, reasons, page content): keeps line breaks and tabs. */
  multiline?: boolean;
}

/** The message for a text rule broken (./text.ts). */
export const textProblemMessage = (problem: TextProblem) => (problem === 'line-break' ? v.lineBreak : v.controlCharacters);

/**
 * Every text a person types starts here: no control or bidirectional
 * characters, and no line breaks unless `multiline` (./text.ts says which and
 * why). The kind is kept in the schema's meta (`text: 'line' | 'multiline'`),
 * where the tests find every text field of every schema.
 */
export const text = (options: TextOptions = {}) =>
  string()
    .typeError(v.mustBeText)
    .meta({ text: options.multiline ? 'multiline' : 'line' })
    .test('plain-text', v.controlCharacters, function (value) {
      if (typeof value !== 'string') return true;
      const problem = textProblem(value, options);
      return problem === null || this.createError({ message: textProblemMessage(problem) });
    });

/** Required text: whitespace alone does not count as filled in. */
export const requiredText = (max: number, options: TextOptions = {}) =>
  text(options)
    .required(v.required)
    .max(max, fill(v.tooLong, { n: max }))
    .test('not-blank', v.required, (value) => value === undefined || value === null || value.trim() !== '');

export const optionalText = (max: number, options: TextOptions = {}) =>
  text(options)
    .nullable()
    .max(max, fill(v.tooLong, { n: max }));

/** Stored phones are digits only (max 10) and must match the spec's pattern, so exactly 10 digits. */
export const phone = () =>
  string()
    .typeError(v.mustBeText)
    .required(v.required)
    .matches(/^\d+$/, v.phoneFormat)
    .max(PHONE_MAX_DIGITS, v.phoneFormat)
    .matches(phonePattern, v.phoneFormat);

export const email = () =>
  string()
    .typeError(v.mustBeText)
    .required(v.required)
    .max(254, fill(v.tooLong, { n: 254 }))
    .email(v.emailFormat);

/** A calendar date (no time, no zone): YYYY-MM-DD. */
export const calendarDate = () =>
  string()
    .typeError(v.mustBeDate)
    .matches(/^\d{4}-\d{2}-\d{2}$/, v.mustBeDate)
    .test('real-date', v.mustBeDate, (value) => {
      if (value === undefined || value === null) return true;
      const [y, m, d] = value.split('-').map(Number) as [number, number, number];
      const date = new Date(Date.UTC(y, m - 1, d));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
    });

export const flag = () => boolean().typeError(v.mustBeBoolean);

// nonNullable carries the message: yup's own for null is English ('… cannot be null'); .nullable() still opts out.
export const positiveId = () => number().typeError(v.mustBeNumber).nonNullable(v.mustBeNumber).integer(v.mustBeInteger).positive(v.mustBePositive);

export const idList = () => array(positiveId().required(v.required)).typeError(v.mustBeList);

/** Message for `.noUnknown()`: names the fields the API does not accept. */
export const unknownFields = (params: { unknown?: string }) => fill(messages.http.unknownField, { field: params.unknown ?? '' });

/**
 * Another field of the object a test runs in (yup's `this.parent`, typed `any`):
 * read as `unknown`, so each rule narrows it with typeof before using it. Absent
 * (or no object to read from) is undefined, as a missing field would be.
 */
export function sibling(context: { readonly parent: unknown }, key: string): unknown {
  const parent = context.parent;
  if (typeof parent !== 'object' || parent === null) return undefined;
  const value: unknown = Reflect.get(parent, key);
  return value;
}
