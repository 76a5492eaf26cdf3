import { type InferType, object } from 'yup';
import { messages } from '../../messages';
import { positiveId, unknownFields } from '../fields';
import { nonBlankText, optionalField } from './common';

const v = messages.validation;

const videoTypeShape = {
  name: nonBlankText(60),
  description: optionalField(1000, { multiline: true }),
};

/** POST /api/video_types */
export const videoTypeCreateSchema = object(videoTypeShape).noUnknown(unknownFields).strict();
/** PUT /api/video_types (by video_type_id) */
export const videoTypeUpdateSchema = object({ video_type_id: positiveId().required(v.required), ...videoTypeShape })
  .noUnknown(unknownFields)
  .strict();
export type VideoTypeCreateInput = InferType<typeof videoTypeCreateSchema>;
export type VideoTypeUpdateInput = InferType<typeof videoTypeUpdateSchema>;
