import { messages } from '@studio/shared/messages';
import { reservationsMessages as m } from '@studio/shared/messages/reservations';
import { useId, useState } from 'react';
import { showSuccess } from '../../lib/alerts';
import { useServerQuery } from '../../lib/server-data';
import { calendarFeedQuery } from './reservations-api';

/**
 * The private calendar feed (docs/customer-area "Calendar feed"): asked for only
 * when the customer opens it, since the first GET creates the feed. webcal: opens
 * the calendar app's "subscribe"; the https link can be copied into any other.
 */
export function CalendarFeed() {
  const [open, setOpen] = useState(false);
  const { data, isError, isFetching, refetch } = useServerQuery({ ...calendarFeedQuery, enabled: open });
  const urlId = useId();
  return (
    <section className="reservations__feed" aria-labelledby={`${urlId}-title`}>
      <h2 id={`${urlId}-title`}>{m.feedTitle}</h2>
      <p className="muted">{m.feedIntro}</p>
      {!open && (
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {m.feedShow}
        </button>
      )}
      {open && data && (
        <div className="reservations__feed-links">
          <a className="button" href={data.webcal_url}>
            {m.feedOpen}
          </a>
          <label htmlFor={urlId}>{m.feedUrlLabel}</label>
          <div className="reservations__feed-copy">
            <input id={urlId} type="text" readOnly value={data.url} onFocus={(event) => event.currentTarget.select()} />
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(data.url).then(() => showSuccess(m.feedCopied));
              }}
            >
              {m.feedCopy}
            </button>
          </div>
          <p className="muted">{m.feedPrivate}</p>
        </div>
      )}
      {open && !data && isFetching && <p className="muted">{messages.common.loading}</p>}
      {open && isError && !isFetching && (
        <div>
          <p role="alert">{m.feedLoadError}</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch()}>
            {messages.common.retry}
          </button>
        </div>
      )}
    </section>
  );
}
