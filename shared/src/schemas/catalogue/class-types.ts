import { type InferType, object } from 'yup';
import { messages } from '../../messages';
import { positiveId, unknownFields } from '../fields';
import { fileRef, nonBlankText, optionalField, spotMap } from './common';

const v = messages.validation;

const classTypeShape = {
  name: nonBlankText(80),
  description: optionalField(1000, { multiline: true }),
  icon: optionalField(60),
  spot_map: spotMap(),
  file: fileRef(),
};

/** POST /api/class_types */
export const classTypeCreateSchema = object(classTypeShape).noUnknown(unknownFields).strict();
/** PUT /api/class_types (by class_type_id) */
export const classTypeUpdateSchema = object({ class_type_id: positiveId().required(v.required), ...classTypeShape })
  .noUnknown(unknownFields)
  .strict();
export type ClassTypeCreateInput = InferType<typeof classTypeCreateSchema>;
export type ClassTypeUpdateInput = InferType<typeof classTypeUpdateSchema>;
