import { type InferType, object, string } from 'yup';
import { messages } from '../../messages';
import { catalogueMessages } from '../../messages/catalogue';
import { positiveId, unknownFields } from '../fields';
import { handle, nonBlankText, optionalField, optionalFlag } from './common';

const v = messages.validation;

/** The id the spec's clients send for a category that does not exist yet. */
export const NEW_CLASS_CATEGORY_ID = 'nueva';

const classCategoryShape = {
  name: nonBlankText(80),
  /** Omitted or null: derived from the name. */
  handle: handle().nullable().optional(),
  description: optionalField(1000, { multiline: true }),
  available: optionalFlag(),
};

/** POST /api/class_categories; the client marks the new record with class_category_id 'nueva'. */
export const classCategoryCreateSchema = object({
  class_category_id: string()
    .typeError(catalogueMessages.validation.newCategoryId)
    .oneOf([NEW_CLASS_CATEGORY_ID], catalogueMessages.validation.newCategoryId)
    .optional(),
  ...classCategoryShape,
})
  .noUnknown(unknownFields)
  .strict();
/** PUT /api/class_categories (by class_category_id) */
export const classCategoryUpdateSchema = object({ class_category_id: positiveId().required(v.required), ...classCategoryShape })
  .noUnknown(unknownFields)
  .strict();
export type ClassCategoryCreateInput = InferType<typeof classCategoryCreateSchema>;
export type ClassCategoryUpdateInput = InferType<typeof classCategoryUpdateSchema>;
