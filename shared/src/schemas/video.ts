import { boolean, type InferType, number, object, string } from 'yup';
import { fill, messages } from '../messages';
import { accessMessages } from '../messages/access';
import { fileRef, nonBlankText } from './catalogue/common';
import { flag, idList, optionalText, positiveId, text, unknownFields } from './fields';

const v = messages.validation;
const m = accessMessages;

/** Spec constant: videos per page. */
export const VIDEOS_PAGE_SIZE = 32;
/** Longest video, in minutes (durations are whole minutes). */
export const MAX_VIDEO_MINUTES = 600;
export const MAX_VIDEO_TAGS = 20;

const URL_PATTERN = /^(https?:\/\/|\/(?!\/))/;
/** ISO 8601 with a zone (Z or ±hh:mm), as instants travel on the wire. */
const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

const minutes = () =>
  number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .min(0, fill(m.range, { min: 0, max: MAX_VIDEO_MINUTES }))
    .max(MAX_VIDEO_MINUTES, fill(m.range, { min: 0, max: MAX_VIDEO_MINUTES }));

const optionalRef = () => positiveId().nullable().optional();

const videoShape = {
  name: nonBlankText(120),
  description: optionalText(5000, { multiline: true }).optional(),
  duration: minutes().nullable().optional(),
  /** The player's address: an https URL (Vimeo, YouTube, a CDN) or a path served by the API. */
  url: nonBlankText(2048).matches(URL_PATTERN, m.urlFormat),
  thumbnail: optionalText(2048).matches(URL_PATTERN, { message: m.urlFormat, excludeEmptyString: true }).optional(),
  file: fileRef(),
  instructor_id: optionalRef(),
  video_type_id: optionalRef(),
  program_id: optionalRef(),
  class_type_id: optionalRef(),
  class_category_id: optionalRef(),
  /** Tag ids. */
  tags: idList()
    .max(MAX_VIDEO_TAGS, fill(v.tooLong, { n: MAX_VIDEO_TAGS }))
    .optional(),
  /** Published to customers (false = draft). Default true. */
  available: flag().optional(),
  /** When customers start seeing it; later than now makes it "upcoming". Default: when created. */
  release_date: string()
    .typeError(v.mustBeText)
    .test('instant', m.instantFormat, (value) => value === undefined || value === null || (INSTANT_PATTERN.test(value) && !Number.isNaN(Date.parse(value))))
    .nullable()
    .optional(),
};

/** POST /api/videos (admin). */
export const videoCreateSchema = object(videoShape).noUnknown(unknownFields).strict();
/** PUT /api/videos (admin, by video_id). Omitted optional fields keep their stored value. */
export const videoUpdateSchema = object({ video_id: positiveId().required(v.required), ...videoShape })
  .noUnknown(unknownFields)
  .strict();
export type VideoCreateInput = InferType<typeof videoCreateSchema>;
export type VideoUpdateInput = InferType<typeof videoUpdateSchema>;

/** Query strings arrive as text; an empty parameter (`?instructor_id=`) means "no filter". */
const emptyIsAbsent = <T>(value: T, original: unknown) => (original === '' ? undefined : value);
const queryId = () => positiveId().transform(emptyIsAbsent).optional();

/** GET /api/videos?… (and the page of /videos/tag/{tag}, /videos/program/{program}). */
export const videoQuerySchema = object({
  class_category_id: queryId(),
  class_type_id: queryId(),
  instructor_id: queryId(),
  video_type_id: queryId(),
  program_id: queryId(),
  tag_id: queryId(),
  /** true: only the videos the caller marked complete; false: only the others (docs/videos). */
  completed: boolean().typeError(v.mustBeBoolean).transform(emptyIsAbsent).optional(),
  /** At most this many minutes long. */
  duration: minutes()
    .min(1, fill(m.range, { min: 1, max: MAX_VIDEO_MINUTES }))
    .transform(emptyIsAbsent)
    .optional(),
  query: text()
    .max(100, fill(v.tooLong, { n: 100 }))
    .optional(),
  page: number().typeError(v.mustBeNumber).integer(v.mustBeInteger).min(1, v.mustBePositive).transform(emptyIsAbsent).optional(),
}).noUnknown(unknownFields);
export type VideoQuery = InferType<typeof videoQuerySchema>;
