import type { CustomerVideo } from '@studio/shared/types/videos';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import type { Deps } from '../../deps';
import { setVideoMark } from './video-flags';
import { customerVideoOf, watchableVideo } from './videos';

/**
 * PUT /videos/{id}/complete and /uncomplete: the caller marks a video they may
 * watch (412 without a membership, 404 for a video they cannot see) as done
 * or not done. Idempotent: marking twice answers the same video.
 */
export async function markVideoCompleted(deps: Deps, identity: VerifiedIdentity, videoId: number, completed: boolean): Promise<CustomerVideo> {
  const video = await watchableVideo(deps, identity, videoId);
  await setVideoMark(deps, identity.uid, videoId, 'completed', completed);
  return customerVideoOf(deps, identity, video);
}
