import { formatAdminDateTime } from '@studio/shared/format/admin-dates';
import { DEFAULT_TIMEZONE, formatStudioDate, studioDay, TIME_FORMAT } from '@studio/shared/format/dates';
import { fill } from '@studio/shared/messages';
import { adminScheduleReleasesMessages as m } from '@studio/shared/messages/admin-schedule-releases';
import { type ScalingState, type ScheduleRelease, WARM_LEAD_MINUTES, WARM_TAIL_MINUTES } from '@studio/shared/schemas/schedule-release';
import { useEffect, useId, useState } from 'react';
import { useListRemoval } from '../../components/admin-list';
import { FormError } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/spinner';
import { configString, useConfig } from '../../lib/app-config';
import { useServerMutation, useServerQuery } from '../../lib/server-data';
import { ScheduleReleaseForm } from './schedule-release-form';
import { deleteScheduleRelease, scheduleReleaseKeys, scheduleReleasesQuery } from './schedule-releases-api';
import './schedule-releases.css';

const MINUTE_MS = 60_000;

/** The current time, again every `intervalMs`, so a window's badge comes and goes while the screen stays open. */
function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The instants the API is kept warm around a release (the server's own constants). */
function warmWindow(release: ScheduleRelease): { from: number; until: number } {
  const start = Date.parse(release.starts_at);
  return { from: start - WARM_LEAD_MINUTES * MINUTE_MS, until: start + WARM_TAIL_MINUTES * MINUTE_MS };
}

function windowText(release: ScheduleRelease, timezone: string): string {
  const { from, until } = warmWindow(release);
  const day = studioDay(release.starts_at, timezone);
  const bound = (instant: number) =>
    studioDay(instant, timezone) === day ? formatStudioDate(instant, timezone, TIME_FORMAT) : formatAdminDateTime(instant, timezone);
  return fill(m.list.window, { from: bound(from), until: bound(until) });
}

/** 'Instancias mínimas ahora: 3 (lanzamiento «…»)': the release named when the list still has it. */
function ScalingLine({ scaling, releases, timezone }: { scaling: ScalingState; releases: ScheduleRelease[]; timezone: string }) {
  const release = scaling.release_id === null ? undefined : releases.find((r) => r.id === scaling.release_id);
  const line = release ? fill(m.scaling.warm, { n: scaling.min_instances, name: release.name }) : fill(m.scaling.idle, { n: scaling.min_instances });
  const details = [
    fill(m.scaling.levels, { baseline: scaling.baseline, warm: scaling.warm }),
    scaling.applied_at && fill(m.scaling.appliedAt, { when: formatAdminDateTime(scaling.applied_at, timezone) }),
  ].filter(Boolean);
  return (
    <div className="schedule-releases__scaling">
      <p className="schedule-releases__scaling-line">{line}</p>
      <p className="muted">{details.join(' ')}</p>
    </div>
  );
}

function ReleasesTable({
  releases,
  timezone,
  labelledBy,
  busy,
  onDelete,
}: {
  releases: ScheduleRelease[];
  timezone: string;
  labelledBy: string;
  busy: boolean;
  onDelete: (release: ScheduleRelease) => void;
}) {
  const now = useNow(MINUTE_MS / 2);
  return (
    <table className="admin-list__table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col">{m.list.columns.name}</th>
          <th scope="col">{m.list.columns.startsAt}</th>
          <th scope="col">{m.list.columns.window}</th>
          <th scope="col">{m.list.columns.actions}</th>
        </tr>
      </thead>
      <tbody>
        {releases.map((release) => {
          const { from, until } = warmWindow(release);
          const warmNow = from <= now && now < until;
          return (
            <tr key={release.id}>
              <th scope="row">{release.name}</th>
              <td data-label={m.list.columns.startsAt}>
                <time dateTime={release.starts_at}>{formatAdminDateTime(release.starts_at, timezone)}</time>
              </td>
              <td data-label={m.list.columns.window}>
                <span>{windowText(release, timezone)}</span>
                {warmNow && (
                  <>
                    {' '}
                    <span className="schedule-releases__badge">{m.list.warmNow}</span>
                  </>
                )}
              </td>
              <td>
                <div className="admin-list__actions">
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={fill(m.list.deleteOf, { name: release.name })}
                    disabled={busy}
                    onClick={() => onDelete(release)}
                  >
                    {m.list.delete}
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * /admin/lanzamientos: the schedule releases the API is kept warm for (from
 * WARM_LEAD_MINUTES before to WARM_TAIL_MINUTES after each, docs/adr/0103),
 * in the studio's time, the scaling applied now, a form to mark one and
 * Eliminar after 'Precaución'.
 */
export function ScheduleReleasesScreen() {
  const listHeadingId = useId();
  const timezone = configString(useConfig(), 'timezone') || DEFAULT_TIMEZONE;
  const { headingRef, error: removalError, confirmAndRemove } = useListRemoval(m.list.deleted);
  const { data, isPending, isError, isFetching, refetch } = useServerQuery(scheduleReleasesQuery);
  const remove = useServerMutation({
    mutationFn: deleteScheduleRelease,
    meta: { alert: false, invalidates: [scheduleReleaseKeys.all] },
  });

  const askAndDelete = (release: ScheduleRelease) =>
    void confirmAndRemove(fill(m.list.confirmDelete, { name: release.name }), () => remove.mutateAsync(release.id));

  let list;
  if (data) {
    list =
      data.data.length === 0 ? (
        <p className="muted">{m.list.empty}</p>
      ) : (
        <ReleasesTable releases={data.data} timezone={timezone} labelledBy={listHeadingId} busy={remove.isPending} onDelete={askAndDelete} />
      );
  } else if (isPending) {
    list = <Spinner label={m.list.loading} />;
  } else if (isError) {
    list = <LoadError message={m.list.loadError} retrying={isFetching} onRetry={() => void refetch()} />;
  }

  return (
    <section className="screen schedule-releases">
      <div className="admin-list__header">
        <h1 ref={headingRef} tabIndex={-1}>
          {m.title}
        </h1>
      </div>
      <p className="schedule-releases__intro">{fill(m.intro, { lead: WARM_LEAD_MINUTES, tail: WARM_TAIL_MINUTES })}</p>
      {data && <ScalingLine scaling={data.scaling} releases={data.data} timezone={timezone} />}
      <FormError message={removalError} />
      <h2 id={listHeadingId}>{m.list.title}</h2>
      {list}
      <ScheduleReleaseForm timezone={timezone} />
    </section>
  );
}
