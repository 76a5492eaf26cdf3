import { type InferType, object } from 'yup';
import { messages } from '../../messages';
import { positiveId, unknownFields } from '../fields';
import { nonBlankText } from './common';

const v = messages.validation;

const announcementShape = {
  title: nonBlankText(120),
  content: nonBlankText(5000, undefined, { multiline: true }),
};

/** POST /api/announcements */
export const announcementCreateSchema = object(announcementShape).noUnknown(unknownFields).strict();
/** PUT /api/announcements (by announcement_id) */
export const announcementUpdateSchema = object({ announcement_id: positiveId().required(v.required), ...announcementShape })
  .noUnknown(unknownFields)
  .strict();
export type AnnouncementCreateInput = InferType<typeof announcementCreateSchema>;
export type AnnouncementUpdateInput = InferType<typeof announcementUpdateSchema>;
