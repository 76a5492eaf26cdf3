import { fill, messages } from '@studio/shared/messages';
import { onlineMessages as m } from '@studio/shared/messages/online';
import { VIDEOS_PAGE_SIZE } from '@studio/shared/schemas/video';
import type { CustomerVideo } from '@studio/shared/types/videos';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FieldFrame } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { classTypesQuery, instructorsQuery } from '../../lib/catalogue-queries';
import { paths } from '../../lib/paths';
import { useServerQuery } from '../../lib/server-data';
import { favoritesQuery, type VideoFilters, videosQuery } from './online-api';
import { coachName } from './video-actions';
import { VideoCard } from './video-card';
import './online.css';

type View = 'all' | 'favorites' | 'completed';
const VIEWS: Array<{ view: View; label: string }> = [
  { view: 'all', label: m.viewAll },
  { view: 'favorites', label: m.viewFavorites },
  { view: 'completed', label: m.viewCompleted },
];

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The screen's state lives in the URL (?query=&coach=&class_type=&view=&page=), so coming back from a video keeps it. */
function useOnlineParams() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('view');
  const view: View = raw === 'favorites' || raw === 'completed' ? raw : 'all';
  const filters = {
    query: params.get('query')?.trim() ?? '',
    instructor_id: positive(params.get('coach')),
    class_type_id: positive(params.get('class_type')),
    page: positive(params.get('page')) ?? 1,
  };
  /** Changes some params; any change but the page goes back to page 1. */
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  return { view, filters, update };
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** The favorites view has no server filters or paging (GET /favorites answers them all): the same filters apply here. */
function filterFavorites(videos: CustomerVideo[], filters: Omit<VideoFilters, 'page'>): CustomerVideo[] {
  const words = fold(filters.query ?? '')
    .split(/\s+/)
    .filter(Boolean);
  return videos.filter(
    (video) =>
      (filters.instructor_id === undefined || video.instructor_id === filters.instructor_id) &&
      (filters.class_type_id === undefined || video.class_type_id === filters.class_type_id) &&
      words.every((word) => fold(video.name).includes(word)),
  );
}

function Filters({ filters, view, onChange }: { filters: VideoFilters; view: View; onChange: (changes: Record<string, string | undefined>) => void }) {
  const ids = { search: useId(), view: useId() };
  const [draft, setDraft] = useState(filters.query ?? '');
  // The box follows the URL's query when it changes from outside (clear filters, back button).
  const [shownQuery, setShownQuery] = useState(filters.query ?? '');
  if ((filters.query ?? '') !== shownQuery) {
    setShownQuery(filters.query ?? '');
    setDraft(filters.query ?? '');
  }
  const instructors = useServerQuery(instructorsQuery).data ?? [];
  const classTypes = useServerQuery(classTypesQuery).data ?? [];
  const filtered = Boolean(filters.query) || filters.instructor_id !== undefined || filters.class_type_id !== undefined;

  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ query: draft.trim() });
  };

  return (
    <div className="online-filters">
      <h2 className="visually-hidden">{m.filtersTitle}</h2>
      <form role="search" className="online-filters__search" onSubmit={search}>
        <label className="field__label" htmlFor={ids.search}>
          {m.search}
        </label>
        <div className="online-filters__row">
          <input
            id={ids.search}
            className="field__control"
            type="search"
            maxLength={100}
            placeholder={m.searchPlaceholder}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button">
            {m.searchButton}
          </button>
        </div>
      </form>
      <div className="online-filters__selects">
        <FieldFrame label={m.coach}>
          {(control) => (
            <select className="field__control" value={filters.instructor_id ?? ''} onChange={(event) => onChange({ coach: event.target.value })} {...control}>
              <option value="">{m.anyCoach}</option>
              {instructors.map((instructor) => (
                <option key={instructor.instructor_id} value={instructor.instructor_id}>
                  {coachName(instructor)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <FieldFrame label={m.classType}>
          {(control) => (
            <select
              className="field__control"
              value={filters.class_type_id ?? ''}
              onChange={(event) => onChange({ class_type: event.target.value })}
              {...control}
            >
              <option value="">{m.anyClassType}</option>
              {classTypes.map((classType) => (
                <option key={classType.class_type_id} value={classType.class_type_id}>
                  {classType.name}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      </div>
      <div className="online-filters__views">
        <div role="group" aria-labelledby={ids.view} className="online-views">
          <span id={ids.view} className="online-views__label">
            {m.view}
          </span>
          {VIEWS.map((option) => (
            <button
              key={option.view}
              type="button"
              className={option.view === view ? 'button' : 'button button--secondary'}
              aria-pressed={option.view === view}
              onClick={() => onChange({ view: option.view === 'all' ? undefined : option.view })}
            >
              {option.label}
            </button>
          ))}
        </div>
        {filtered && (
          <button type="button" className="link-button" onClick={() => onChange({ query: undefined, coach: undefined, class_type: undefined })}>
            {m.clearFilters}
          </button>
        )}
      </div>
    </div>
  );
}

function NoMembership() {
  return (
    <div className="online-notice">
      <p role="alert">{m.noOnlineMembership}</p>
      <Link className="button" to={paths.myPackages}>
        {m.buyMembership}
      </Link>
    </div>
  );
}

/**
 * /mystudio/online (customer-area §2): the featured video (the newest: the
 * first of the unfiltered first page), search, coach and class-type filters,
 * the all / favorites / completed views and 32 videos a page.
 */
export function OnlineScreen() {
  const { view, filters, update } = useOnlineParams();
  const listFilters: VideoFilters = {
    ...(filters.query ? { query: filters.query } : {}),
    ...(filters.instructor_id !== undefined ? { instructor_id: filters.instructor_id } : {}),
    ...(filters.class_type_id !== undefined ? { class_type_id: filters.class_type_id } : {}),
    ...(view === 'completed' ? { completed: true } : {}),
    page: filters.page,
  };
  const list = useServerQuery({ ...videosQuery(listFilters), enabled: view !== 'favorites', placeholderData: (previous) => previous });
  const favorites = useServerQuery({ ...favoritesQuery, enabled: view === 'favorites' });
  const current = view === 'favorites' ? favorites : list;
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const filtered = Boolean(filters.query) || filters.instructor_id !== undefined || filters.class_type_id !== undefined;

  const goToPage = (page: number) => {
    update({ page: String(page) });
    resultsHeading.current?.focus();
  };

  let videos: CustomerVideo[] = [];
  let total = 0;
  if (view === 'favorites' && favorites.data) {
    const matches = filterFavorites(favorites.data, filters);
    total = matches.length;
    videos = matches.slice((filters.page - 1) * VIDEOS_PAGE_SIZE, filters.page * VIDEOS_PAGE_SIZE);
  } else if (view !== 'favorites' && list.data) {
    total = list.data.total;
    videos = list.data.videos;
  }
  const pages = Math.max(1, Math.ceil(total / VIDEOS_PAGE_SIZE));
  const featured = view === 'all' && !filtered && filters.page === 1 ? videos[0] : undefined;
  const grid = featured ? videos.slice(1) : videos;

  if (current.error instanceof ApiError && current.error.status === 412) {
    return (
      <section className="screen online">
        <h1>{messages.screens.onlineTitle}</h1>
        <NoMembership />
      </section>
    );
  }

  let body;
  if (current.data) {
    const emptyText = filtered ? m.noMatches : view === 'favorites' ? m.noFavorites : view === 'completed' ? m.noCompleted : m.empty;
    body = (
      <>
        {featured && (
          <section className="online-featured" aria-labelledby="online-featured-title">
            <h2 id="online-featured-title">{m.featured}</h2>
            <VideoCard video={featured} featured />
          </section>
        )}
        <section className="online-results" aria-labelledby="online-results-title" aria-busy={current.isFetching}>
          <h2 id="online-results-title" ref={resultsHeading} tabIndex={-1}>
            {m.videosTitle}
          </h2>
          <p className="muted" aria-live="polite">
            {total === 0 ? emptyText : total === 1 ? m.resultCountOne : fill(m.resultCountOther, { n: total })}
          </p>
          {grid.length > 0 && (
            <ul className="video-grid">
              {grid.map((video) => (
                <li key={video.video_id}>
                  <VideoCard video={video} />
                </li>
              ))}
            </ul>
          )}
          <Pager
            page={filters.page}
            pages={pages}
            onPage={goToPage}
            className="online-pager"
            label={m.pager}
            previousText={m.previous}
            nextText={m.next}
            pageText={fill(m.pageOf, { page: filters.page, pages })}
            announce
          />
        </section>
      </>
    );
  } else if (current.isPending && current.fetchStatus !== 'idle') {
    body = <Spinner />;
  } else if (current.isError) {
    body = <LoadError message={m.loadError} retrying={current.isFetching} onRetry={() => void current.refetch()} />;
  }

  return (
    <section className="screen online">
      <h1>{messages.screens.onlineTitle}</h1>
      <Filters filters={listFilters} view={view} onChange={update} />
      {body}
    </section>
  );
}
