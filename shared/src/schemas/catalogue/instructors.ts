import { type InferType, object } from 'yup';
import { messages } from '../../messages';
import { calendarDate, positiveId, unknownFields } from '../fields';
import { fileRef, nonBlankText, optionalField, optionalFlag, position } from './common';

const v = messages.validation;

const instructorShape = {
  name: nonBlankText(60),
  last_name: optionalField(80),
  nick_name: optionalField(40),
  quote: optionalField(280, { multiline: true }),
  short_bio: optionalField(2000, { multiline: true }),
  instagram: optionalField(60),
  birthdate: calendarDate().nullable().optional(),
  music_type: optionalField(80),
  file: fileRef(),
  /** Shown in the landing page's coaches section (GET /instructors/home/all). */
  home: optionalFlag(),
  /** Place in that section, lowest first. */
  home_order: position().nullable().optional(),
};

/** POST /api/instructors */
export const instructorCreateSchema = object(instructorShape).noUnknown(unknownFields).strict();
/** PUT /api/instructors (by instructor_id) */
export const instructorUpdateSchema = object({ instructor_id: positiveId().required(v.required), ...instructorShape })
  .noUnknown(unknownFields)
  .strict();
export type InstructorCreateInput = InferType<typeof instructorCreateSchema>;
export type InstructorUpdateInput = InferType<typeof instructorUpdateSchema>;
