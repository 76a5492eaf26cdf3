import type { CustomerVideo, Video, VideoMarkFlags } from '@studio/shared/types/videos';
import { getVideoMark, listVideoMarks, putVideoMark, type VideoMarkDoc } from '../../data/repos/video-marks-repo';
import type { Deps } from '../../deps';

/** The caller's marks by video id: one read of their own marks serves a whole list. */
export async function marksByVideo(deps: Deps, uid: string): Promise<Map<number, VideoMarkDoc>> {
  return new Map((await listVideoMarks(deps.store, uid)).map((mark) => [mark.video_id, mark]));
}

/** The spec's 1/0 flags (the SPA toggles `favorite` between 1 and 0). */
export function flagsOf(mark: VideoMarkDoc | null | undefined): VideoMarkFlags {
  return { favorite: mark?.favorite ? 1 : 0, completed: mark?.completed ? 1 : 0 };
}

export function withFlags(videos: Video[], marks: Map<number, VideoMarkDoc>): CustomerVideo[] {
  return videos.map((video) => ({ ...video, ...flagsOf(marks.get(video.video_id)) }));
}

export type MarkName = 'completed' | 'favorite';
const stampOf = { completed: 'completedAt', favorite: 'favoritedAt' } as const;

/**
 * Turns one of the caller's marks on or off, in one transaction on their own
 * mark document. Idempotent: a mark already in that state is not written
 * again (its first instant is kept). Answers whether anything changed.
 */
export async function setVideoMark(deps: Deps, uid: string, videoId: number, name: MarkName, on: boolean): Promise<boolean> {
  return deps.store.runTransaction(async (tx) => {
    const before = await getVideoMark(deps.store, uid, videoId, tx);
    if ((before?.[name] ?? false) === on) return false;
    const now = deps.now();
    const base: VideoMarkDoc = before ?? { video_id: videoId, uid, completed: false, completedAt: null, favorite: false, favoritedAt: null, updatedAt: now };
    putVideoMark(deps.store, tx, { ...base, [name]: on, [stampOf[name]]: on ? now : null, updatedAt: now });
    return true;
  });
}
