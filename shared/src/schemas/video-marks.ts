import { type InferType, number, object } from 'yup';
import { messages } from '../messages';
import { videoMessages } from '../messages/videos';
import { optionalText, positiveId, unknownFields } from './fields';

const v = messages.validation;

/** Stars of a video rating (spec §9: 1 to 5, whole stars). */
export const VIDEO_RATING_MIN_STARS = 1;
export const VIDEO_RATING_MAX_STARS = 5;
export const VIDEO_RATING_COMMENT_MAX = 1000;

/** POST /api/favorites: marks a video as the caller's favorite. */
export const favoriteCreateSchema = object({
  video_id: positiveId().required(v.required),
})
  .noUnknown(unknownFields)
  .strict();
export type FavoriteCreateInput = InferType<typeof favoriteCreateSchema>;

/** POST /api/videos/rating: the caller's rating of a video; a second one replaces the first. */
export const videoRatingSchema = object({
  video_id: positiveId().required(v.required),
  stars: number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .min(VIDEO_RATING_MIN_STARS, videoMessages.starsRange)
    .max(VIDEO_RATING_MAX_STARS, videoMessages.starsRange)
    .required(videoMessages.starsRange),
  comment: optionalText(VIDEO_RATING_COMMENT_MAX, { multiline: true }).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type VideoRatingInput = InferType<typeof videoRatingSchema>;

/** POST /api/videos/rating/email: e-mail the caller an invitation to rate the video. */
export const videoRatingEmailSchema = object({
  video_id: positiveId().required(v.required),
})
  .noUnknown(unknownFields)
  .strict();
export type VideoRatingEmailInput = InferType<typeof videoRatingEmailSchema>;
