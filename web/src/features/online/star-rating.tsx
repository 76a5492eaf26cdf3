import { fill } from '@studio/shared/messages';
import { onlineMessages as m } from '@studio/shared/messages/online';
import { VIDEO_RATING_COMMENT_MAX, VIDEO_RATING_MAX_STARS } from '@studio/shared/schemas/video-marks';
import type { CustomerVideo } from '@studio/shared/types/videos';
import { type FormEvent, useId, useState } from 'react';
import { showSuccess } from '../../lib/alerts';
import { apiErrorText } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { patchCachedVideo, rateVideo } from './online-api';
import '../../components/form-field.css';

const STARS = Array.from({ length: VIDEO_RATING_MAX_STARS }, (_, i) => i + 1);

function averageText(video: CustomerVideo): string {
  const rating = video.rating;
  if (!rating || rating.average === null || rating.count === 0) return m.noRatings;
  const count = rating.count === 1 ? m.ratingCountOne : fill(m.ratingCountOther, { n: rating.count });
  return fill(m.average, { average: rating.average.toLocaleString('es-MX', { maximumFractionDigits: 1 }), count });
}

/**
 * The caller's stars (1–5) as native radios in a radiogroup (arrow keys move
 * between them), an optional comment, and the average of every rating. A
 * second rating replaces the first (the server's rule); the form starts from
 * the caller's own stars.
 */
export function StarRating({ video }: { video: CustomerVideo }) {
  const ids = { title: useId(), group: useId(), comment: useId(), error: useId() };
  const [stars, setStars] = useState<number | null>(video.rating?.mine ?? null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useServerMutation({
    mutationFn: rateVideo,
    meta: { alert: false },
    onSuccess: ({ summary }) => {
      patchCachedVideo(video.video_id, { rating: summary });
      setError(null);
      showSuccess(m.ratingSaved);
    },
    onError: (failure) => setError(apiErrorText(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stars === null) {
      setError(m.chooseStars);
      return;
    }
    const text = comment.trim();
    mutation.mutate({ video_id: video.video_id, stars, ...(text ? { comment: text } : {}) });
  };

  return (
    <section className="video-rating" aria-labelledby={ids.title}>
      <h2 id={ids.title}>{m.ratingTitle}</h2>
      <p className="video-rating__average">{averageText(video)}</p>
      <form onSubmit={submit} noValidate>
        <div role="radiogroup" aria-labelledby={ids.group} aria-describedby={error ? ids.error : undefined} className="stars">
          <span id={ids.group} className="field__label">
            {m.yourRating}
          </span>
          <div className="stars__row">
            {STARS.map((n) => (
              <span key={n} className="stars__star">
                <input
                  id={`${ids.group}-${n}`}
                  type="radio"
                  name={`${ids.group}-stars`}
                  value={n}
                  checked={stars === n}
                  onChange={() => setStars(n)}
                  className="visually-hidden"
                />
                <label htmlFor={`${ids.group}-${n}`} className={stars !== null && n <= stars ? 'stars__label stars__label--on' : 'stars__label'}>
                  <span aria-hidden="true">★</span>
                  <span className="visually-hidden">{fill(m.star, { n })}</span>
                </label>
              </span>
            ))}
          </div>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={ids.comment}>
            {m.comment}
          </label>
          <textarea
            id={ids.comment}
            className="field__control"
            rows={3}
            maxLength={VIDEO_RATING_COMMENT_MAX}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
        {error && (
          <p id={ids.error} className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" aria-busy={mutation.isPending} disabled={mutation.isPending}>
          {video.rating?.mine ? m.updateRating : m.sendRating}
        </button>
      </form>
    </section>
  );
}
