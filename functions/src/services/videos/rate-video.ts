import type { VideoRatingInput } from '@studio/shared/schemas/video-marks';
import type { VideoRating, VideoRatingSummary } from '@studio/shared/types/videos';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { getVideoRating, putVideoRating, type VideoRatingDoc } from '../../data/repos/video-ratings-repo';
import type { Deps } from '../../deps';
import { ratingSummary } from './video-rating-summary';
import { watchableVideo } from './videos';

export interface RateVideoResult {
  rating: VideoRating;
  /** The video's average and count after this rating. */
  summary: VideoRatingSummary;
  created: boolean;
}

const toRatingDto = ({ uid: _uid, ...doc }: VideoRatingDoc): VideoRating => ({
  ...doc,
  createdAt: doc.createdAt.toISOString(),
  updatedAt: doc.updatedAt.toISOString(),
});

/**
 * POST /videos/rating: the caller's rating of a video they may watch (412 / 404
 * as GET /videos/{id}). One rating per customer and video, in their own
 * document (videos/{id}/ratings/{uid}): a second post replaces stars and
 * comment (an omitted comment clears it) and keeps createdAt. Nothing shared
 * is written; the average is counted on read (docs/videos).
 */
export async function rateVideo(deps: Deps, identity: VerifiedIdentity, input: VideoRatingInput): Promise<RateVideoResult> {
  await watchableVideo(deps, identity, input.video_id);
  const comment = input.comment === undefined || input.comment === null || input.comment.trim() === '' ? null : input.comment.trim();
  const { doc, created } = await deps.store.runTransaction(async (tx) => {
    const [before, customer] = await Promise.all([
      getVideoRating(deps.store, input.video_id, identity.uid, tx),
      getCustomerByUid(deps.store, identity.uid, tx),
    ]);
    const now = deps.now();
    const rating: VideoRatingDoc = {
      video_id: input.video_id,
      uid: identity.uid,
      customer_id: customer?.customer_id ?? before?.customer_id ?? null,
      stars: input.stars,
      comment,
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
    putVideoRating(deps.store, tx, rating);
    return { doc: rating, created: before === null };
  });
  return { rating: toRatingDto(doc), summary: await ratingSummary(deps, input.video_id, identity.uid), created };
}
