import { type InferType, object, string } from 'yup';
import { messages } from '../../messages';
import { catalogueMessages } from '../../messages/catalogue';
import { flag, positiveId, unknownFields } from '../fields';
import { fieldKey, fieldOptions, fieldType, needsOptions, nonBlankText } from './common';

const v = messages.validation;
const c = catalogueMessages.validation;

/** Records that can carry custom fields. */
export const CUSTOM_FIELD_OBJECTS = ['customer', 'class_reservation', 'purchase', 'single_class'] as const;
export type CustomFieldObject = (typeof CUSTOM_FIELD_OBJECTS)[number];

const objectName = () =>
  string()
    .typeError(v.mustBeText)
    .oneOf([...CUSTOM_FIELD_OBJECTS], v.selectOption);

const customFieldShape = {
  key: fieldKey(),
  label: nonBlankText(120),
  type: fieldType(),
  object: objectName().required(v.selectOption),
  required: flag().optional(),
  options: fieldOptions(),
};

const withOptions = <T extends { type?: string; options?: unknown[] | null }>(field: T | undefined) =>
  !field || !needsOptions(field.type) || (field.options?.length ?? 0) > 0;

/** POST /api/custom_fields */
export const customFieldCreateSchema = object(customFieldShape)
  .noUnknown(unknownFields)
  .strict()
  .test('options', c.optionsRequired, function (field) {
    return withOptions(field) || this.createError({ path: 'options', message: c.optionsRequired });
  });
/** PUT /api/custom_fields (by custom_field_id) */
export const customFieldUpdateSchema = object({ custom_field_id: positiveId().required(v.required), ...customFieldShape })
  .noUnknown(unknownFields)
  .strict()
  .test('options', c.optionsRequired, function (field) {
    return withOptions(field) || this.createError({ path: 'options', message: c.optionsRequired });
  });
/** GET /api/custom_fields?object= */
export const customFieldQuerySchema = object({ object: objectName().optional() }).noUnknown(unknownFields);
export type CustomFieldCreateInput = InferType<typeof customFieldCreateSchema>;
export type CustomFieldUpdateInput = InferType<typeof customFieldUpdateSchema>;
export type CustomFieldQuery = InferType<typeof customFieldQuerySchema>;
