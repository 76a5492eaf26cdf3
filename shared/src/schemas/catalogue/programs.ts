import { type InferType, object } from 'yup';
import { messages } from '../../messages';
import { positiveId, unknownFields } from '../fields';
import { fileRef, nonBlankText, optionalField } from './common';

const v = messages.validation;

/** A program groups on-demand videos into a series (GET /videos/program/{program}). */
const programShape = {
  name: nonBlankText(80),
  description: optionalField(2000, { multiline: true }),
  file: fileRef(),
};

/** POST /api/programs */
export const programCreateSchema = object(programShape).noUnknown(unknownFields).strict();
/** PUT /api/programs (by program_id) */
export const programUpdateSchema = object({ program_id: positiveId().required(v.required), ...programShape })
  .noUnknown(unknownFields)
  .strict();
export type ProgramCreateInput = InferType<typeof programCreateSchema>;
export type ProgramUpdateInput = InferType<typeof programUpdateSchema>;
