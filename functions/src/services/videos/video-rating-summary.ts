import { VIDEO_RATING_MAX_STARS, VIDEO_RATING_MIN_STARS } from '@studio/shared/schemas/video-marks';
import type { VideoRatingSummary } from '@studio/shared/types/videos';
import { getVideoRating, starCounts } from '../../data/repos/video-ratings-repo';
import type { Deps } from '../../deps';

const STAR_VALUES = Array.from({ length: VIDEO_RATING_MAX_STARS - VIDEO_RATING_MIN_STARS + 1 }, (_, i) => VIDEO_RATING_MIN_STARS + i);

/**
 * The video's average and count, computed on read from one count per star
 * value (no stored running sum, so no document every rater writes), rounded
 * to two decimals, plus the caller's own stars.
 */
export async function ratingSummary(deps: Deps, videoId: number, uid: string): Promise<VideoRatingSummary> {
  const [counts, mine] = await Promise.all([starCounts(deps.store, videoId, STAR_VALUES), getVideoRating(deps.store, videoId, uid)]);
  let count = 0;
  let sum = 0;
  for (const [stars, n] of counts) {
    count += n;
    sum += stars * n;
  }
  return { average: count === 0 ? null : Math.round((sum / count) * 100) / 100, count, mine: mine?.stars ?? null };
}
