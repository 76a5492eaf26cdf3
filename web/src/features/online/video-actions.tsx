import { fill } from '@studio/shared/messages';
import { onlineMessages as m } from '@studio/shared/messages/online';
import type { CustomerVideo, VideoInstructor } from '@studio/shared/types/videos';
import { showSuccess } from '../../lib/alerts';
import { useServerMutation } from '../../lib/server-data';
import { markStale, onlineKeys, patchCachedVideo, setCompleted, setFavorite } from './online-api';

export function coachName(instructor: Pick<VideoInstructor, 'name' | 'last_name'> | null): string {
  return instructor ? [instructor.name, instructor.last_name].filter(Boolean).join(' ') : '';
}

/** The spec's card truncation (35 / 60 characters), with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/**
 * The heart: the flag flips in every cached copy at once (spec §4: toggled
 * locally), goes back if the call fails (the failure goes to the alert), and
 * the spec's toast follows success. The favorites view is marked stale, not
 * refetched, so a card un-hearted there stays until the view is opened again.
 */
export function FavoriteButton({ video, className = '' }: { video: CustomerVideo; className?: string }) {
  const mutation = useServerMutation({
    mutationFn: setFavorite,
    onMutate: ({ video_id, favorite }) => patchCachedVideo(video_id, { favorite: favorite ? 1 : 0 }),
    onError: (_error, { video_id, favorite }) => patchCachedVideo(video_id, { favorite: favorite ? 0 : 1 }),
    onSuccess: (_answer, { favorite }) => {
      markStale(onlineKeys.favorites);
      showSuccess(favorite ? m.favoriteAdded : m.favoriteRemoved);
    },
  });
  const pressed = video.favorite === 1;
  return (
    <button
      type="button"
      className={`favorite-button ${className}`}
      aria-pressed={pressed}
      aria-label={fill(m.favorite, { name: video.name })}
      onClick={() => {
        if (!mutation.isPending) mutation.mutate({ video_id: video.video_id, favorite: !pressed });
      }}
    >
      <span aria-hidden="true">{pressed ? '♥' : '♡'}</span>
    </button>
  );
}

/** 'Marcar como completado' / 'Marcar como no completado': the answer's flag is written everywhere; lists refetch when next shown. */
export function CompleteButton({ video }: { video: CustomerVideo }) {
  const mutation = useServerMutation({
    mutationFn: setCompleted,
    onSuccess: (answer, { video_id }) => {
      patchCachedVideo(video_id, { completed: answer.completed });
      markStale(onlineKeys.lists);
    },
  });
  const completed = video.completed === 1;
  return (
    <button
      type="button"
      className={completed ? 'button button--secondary' : 'button'}
      aria-busy={mutation.isPending}
      onClick={() => {
        if (!mutation.isPending) mutation.mutate({ video_id: video.video_id, completed: !completed });
      }}
    >
      {completed ? m.markIncomplete : m.markComplete}
    </button>
  );
}
