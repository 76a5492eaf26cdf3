import { type InferType, object } from 'yup';
import { messages } from '../../messages';
import { positiveId, unknownFields } from '../fields';
import { hexColor, nonBlankText } from './common';

const v = messages.validation;

const tagShape = {
  name: nonBlankText(40),
  color: hexColor().required(v.required),
};

/** POST /api/tags */
export const tagCreateSchema = object(tagShape).noUnknown(unknownFields).strict();
/** PUT /api/tags (by tag_id) */
export const tagUpdateSchema = object({ tag_id: positiveId().required(v.required), ...tagShape })
  .noUnknown(unknownFields)
  .strict();
export type TagCreateInput = InferType<typeof tagCreateSchema>;
export type TagUpdateInput = InferType<typeof tagUpdateSchema>;
