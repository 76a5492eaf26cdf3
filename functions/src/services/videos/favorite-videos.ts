import type { CustomerVideo } from '@studio/shared/types/videos';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { listVideoMarks } from '../../data/repos/video-marks-repo';
import { getVideo, type VideoDoc } from '../../data/repos/videos-repo';
import type { Deps } from '../../deps';
import { assertCanWatch } from './access';
import { setVideoMark } from './video-flags';
import { customerVideoOf, toVideoDtos, visibleTo, watchableVideo } from './videos';

/**
 * GET /favorites: the caller's favorite videos, the most recently added first,
 * as the video list shows them (flags included). Same access as GET /videos
 * (412 without a membership); a favorite whose video was since deleted,
 * unpublished or not yet released is kept but not listed.
 */
export async function listFavoriteVideos(deps: Deps, identity: VerifiedIdentity): Promise<CustomerVideo[]> {
  await assertCanWatch(deps, identity);
  const favorites = (await listVideoMarks(deps.store, identity.uid))
    .filter((mark) => mark.favorite)
    .sort((a, b) => (b.favoritedAt?.getTime() ?? 0) - (a.favoritedAt?.getTime() ?? 0) || b.video_id - a.video_id);
  const now = deps.now();
  const videos = (await Promise.all(favorites.map((mark) => getVideo(deps.store, mark.video_id)))).filter(
    (video): video is VideoDoc => video !== null && visibleTo(identity, video, now),
  );
  const marks = new Map(favorites.map((mark) => [mark.video_id, mark]));
  return (await toVideoDtos(deps, videos)).map((video) => {
    const mark = marks.get(video.video_id);
    return { ...video, favorite: 1, completed: mark?.completed ? 1 : 0 };
  });
}

/**
 * POST /favorites {video_id}: adds a video the caller may watch to their
 * favorites. Idempotent: adding twice keeps one favorite (`created` says
 * whether this call added it).
 */
export async function addFavoriteVideo(deps: Deps, identity: VerifiedIdentity, videoId: number): Promise<{ favorite: CustomerVideo; created: boolean }> {
  const video = await watchableVideo(deps, identity, videoId);
  const created = await setVideoMark(deps, identity.uid, videoId, 'favorite', true);
  return { favorite: await customerVideoOf(deps, identity, video), created };
}

/**
 * DELETE /favorites/{video_id}: the id is the video's (the SPA toggles by
 * video). Same checks as adding; removing one that is not a favorite is not
 * an error (idempotent).
 */
export async function removeFavoriteVideo(deps: Deps, identity: VerifiedIdentity, videoId: number): Promise<void> {
  await watchableVideo(deps, identity, videoId);
  await setVideoMark(deps, identity.uid, videoId, 'favorite', false);
}
