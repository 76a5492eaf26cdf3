import { fill } from '@studio/shared/messages';
import { onlineMessages as m } from '@studio/shared/messages/online';
import type { CustomerVideo } from '@studio/shared/types/videos';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { coachName, FavoriteButton, truncate } from './video-actions';

/** Spec §9: card truncation. */
export const NAME_MAX = 35;
export const DESCRIPTION_MAX = 60;

export const videoPath = (id: number) => paths.myVideo.replace(':video_id', String(id));

/** One video: thumbnail, name (links to the player), coach, duration, the completed mark and the heart. */
export function VideoCard({ video, featured = false }: { video: CustomerVideo; featured?: boolean }) {
  const coach = coachName(video.instructor);
  const shortName = truncate(video.name, NAME_MAX);
  return (
    <article className={featured ? 'video-card video-card--featured' : 'video-card'}>
      <div className="video-card__media">
        {video.thumbnail ? <img src={video.thumbnail} alt="" loading="lazy" /> : <div className="video-card__placeholder" aria-hidden="true" />}
        {video.completed === 1 && <span className="video-card__completed">✓ {m.completed}</span>}
      </div>
      <div className="video-card__body">
        <div className="video-card__title">
          <h3 className="video-card__name">
            <Link to={videoPath(video.video_id)}>
              {shortName === video.name ? (
                video.name
              ) : (
                <>
                  <span aria-hidden="true">{shortName}</span>
                  <span className="visually-hidden">{video.name}</span>
                </>
              )}
            </Link>
          </h3>
          <FavoriteButton video={video} />
        </div>
        {(coach || video.duration !== null) && (
          <p className="video-card__meta">
            {coach && <span>{fill(m.withCoach, { coach })}</span>}
            {video.duration !== null && <span>{fill(m.minutes, { n: video.duration })}</span>}
          </p>
        )}
        {video.description && <p className="video-card__description">{truncate(video.description, DESCRIPTION_MAX)}</p>}
        {featured && (
          <Link className="button" to={videoPath(video.video_id)} aria-label={`${m.watch}: ${video.name}`}>
            {m.watch}
          </Link>
        )}
      </div>
    </article>
  );
}
