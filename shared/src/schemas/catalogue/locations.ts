import { type InferType, object } from 'yup';
import { messages } from '../../messages';
import { positiveId, unknownFields } from '../fields';
import { nonBlankText, optionalField } from './common';

const v = messages.validation;

const locationShape = {
  name: nonBlankText(80),
  address: optionalField(300, { multiline: true }),
};

/** POST /api/locations */
export const locationCreateSchema = object(locationShape).noUnknown(unknownFields).strict();
/** PUT /api/locations (by location_id) */
export const locationUpdateSchema = object({ location_id: positiveId().required(v.required), ...locationShape })
  .noUnknown(unknownFields)
  .strict();
export type LocationCreateInput = InferType<typeof locationCreateSchema>;
export type LocationUpdateInput = InferType<typeof locationUpdateSchema>;
