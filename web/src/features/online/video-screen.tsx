import { fill, messages } from '@studio/shared/messages';
import { onlineMessages as m } from '@studio/shared/messages/online';
import type { CustomerVideo } from '@studio/shared/types/videos';
import { Link, useParams } from 'react-router';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useServerQuery } from '../../lib/server-data';
import { videoQuery } from './online-api';
import { StarRating } from './star-rating';
import { coachName, CompleteButton, FavoriteButton } from './video-actions';
import './online.css';

const VIDEO_FILE = /\.(mp4|webm|ogg|ogv|mov|m4v)(\?.*)?$/i;

/**
 * How a video plays: an uploaded file (file.src, a video/* type) or a `url`
 * that points at a video file plays in the browser's own player; any other
 * url (Vimeo, YouTube, a streaming page) is embedded in an iframe.
 */
export function playerSource(video: Pick<CustomerVideo, 'file' | 'url'>): { kind: 'file' | 'embed'; src: string } {
  if (video.file?.src && (video.file.type.startsWith('video/') || VIDEO_FILE.test(video.file.src))) return { kind: 'file', src: video.file.src };
  if (VIDEO_FILE.test(video.url)) return { kind: 'file', src: video.url };
  return { kind: 'embed', src: video.url };
}

function Player({ video }: { video: CustomerVideo }) {
  const source = playerSource(video);
  return (
    <div className="video-player">
      {source.kind === 'file' ? (
        <video src={source.src} controls playsInline preload="metadata" poster={video.thumbnail ?? undefined} aria-label={video.name} />
      ) : (
        <iframe
          src={source.src}
          title={video.name}
          allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
    </div>
  );
}

function Back() {
  return (
    <p>
      <Link to={paths.myOnline}>← {m.backToOnline}</Link>
    </p>
  );
}

/** /mystudio/video/{video_id}: the player, the caller's favorite and completed marks, and the star rating. */
export function VideoScreen() {
  const id = Number(useParams().video_id);
  const valid = Number.isInteger(id) && id > 0;
  const { data: video, isPending, isError, error, isFetching, refetch } = useServerQuery({ ...videoQuery(id), enabled: valid });

  let body;
  if (!valid || (error instanceof ApiError && error.status === 404)) {
    body = <p role="alert">{m.videoNotFound}</p>;
  } else if (error instanceof ApiError && error.status === 412) {
    body = (
      <div className="online-notice">
        <p role="alert">{m.noOnlineMembership}</p>
        <Link className="button" to={paths.myPackages}>
          {m.buyMembership}
        </Link>
      </div>
    );
  } else if (video) {
    const coach = coachName(video.instructor);
    return (
      <article className="screen video-page">
        <Back />
        <h1>{video.name}</h1>
        <Player video={video} />
        <div className="video-page__bar">
          <p className="video-page__meta">
            {coach && <span>{fill(m.withCoach, { coach })}</span>}
            {video.duration !== null && <span>{fill(m.minutes, { n: video.duration })}</span>}
            {video.completed === 1 && <span className="video-page__completed">✓ {m.completed}</span>}
          </p>
          <div className="video-page__actions">
            <FavoriteButton video={video} className="favorite-button--large" />
            <CompleteButton video={video} />
          </div>
        </div>
        {video.description && <p className="pre-line">{video.description}</p>}
        <StarRating video={video} />
      </article>
    );
  } else if (isPending) {
    body = <Spinner />;
  } else if (isError) {
    body = <LoadError message={m.videoLoadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen video-page">
      <Back />
      <h1>{messages.screens.videoTitle}</h1>
      {body}
    </section>
  );
}
