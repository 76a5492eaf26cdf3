import { array, type InferType, number, object } from 'yup';
import { fill, messages } from '../../messages';
import { catalogueMessages } from '../../messages/catalogue';
import { flag, positiveId, unknownFields } from '../fields';
import { fieldKey, fieldOptions, fieldType, fieldValue, needsOptions, nonBlankText, optionalField, position } from './common';

const v = messages.validation;
const c = catalogueMessages.validation;

/** The billing-address form: an 'address' field of any form nests these fields (customer-area spec §3). */
export const ADDRESS_FORM_ID = 6;
export const FORM_FIELDS_MAX = 50;

export const formFieldSchema = object({
  key: fieldKey(),
  /** The input's name; defaults to the key. */
  name: optionalField(60),
  label: nonBlankText(120),
  type: fieldType(),
  required: flag().optional(),
  /** Step of a multi-step form, 1 first. */
  step: number().typeError(v.mustBeNumber).integer(v.mustBeInteger).min(1, v.mustBePositive).max(20, v.invalidValue).nullable().optional(),
  order: position().nullable().optional(),
  options: fieldOptions(),
  className: optionalField(120),
  value: fieldValue(),
})
  .typeError(v.invalidValue)
  .noUnknown(unknownFields)
  .test('options', c.optionsRequired, function (field) {
    if (!field || !needsOptions(field.type) || (field.options?.length ?? 0) > 0) return true;
    return this.createError({ path: `${this.path}.options`, message: c.optionsRequired });
  });

const formShape = {
  name: nonBlankText(120),
  description: optionalField(1000, { multiline: true }),
  form_fields: array(formFieldSchema)
    .typeError(v.mustBeList)
    .required(v.required)
    .max(FORM_FIELDS_MAX, fill(c.tooManyItems, { n: FORM_FIELDS_MAX }))
    .test('unique-keys', c.fieldKeyRepeated, function (fields) {
      const seen = new Set<string>();
      for (const [index, field] of (fields ?? []).entries()) {
        if (seen.has(field.key)) return this.createError({ path: `${this.path}[${index}].key`, message: fill(c.fieldKeyRepeated, { key: field.key }) });
        seen.add(field.key);
      }
      return true;
    }),
};

/** POST /api/forms */
export const formCreateSchema = object(formShape).noUnknown(unknownFields).strict();
/** PUT /api/forms (by form_id) */
export const formUpdateSchema = object({ form_id: positiveId().required(v.required), ...formShape })
  .noUnknown(unknownFields)
  .strict();
export type FormFieldInput = InferType<typeof formFieldSchema>;
export type FormCreateInput = InferType<typeof formCreateSchema>;
export type FormUpdateInput = InferType<typeof formUpdateSchema>;
