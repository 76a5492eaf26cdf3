import { studioWallTimeToInstant } from '@studio/shared/format/dates';
import { fill } from '@studio/shared/messages';
import { scheduleMessages } from '@studio/shared/messages/schedule';
import { type ClassSeries, SERIES_MAX_DAYS, type SeriesCreateInput, type SingleClass } from '@studio/shared/schemas/single-class';
import { allocateIdBlocks } from '../../data/repos/counters-repo';
import { type ClassSeriesDoc, createSeries as writeSeries, createSingleClass } from '../../data/repos/single-classes-repo';
import type { Deps } from '../../deps';
import { at } from '../../domain/at';
import { invalidFields } from '../../domain/errors';
import { studioTimezone } from '../credits/expiry';
import { addDays, daysFromTo, isoWeekday } from './calendar';
import { resolveLayout } from './class-layout';
import { checkReferences } from './class-references';
import { newClassDoc } from './create-class';
import { presentClasses } from './present-classes';

const s = scheduleMessages;

/**
 * The calendar days of a weekly series: every chosen ISO weekday from
 * first_date, through until_date or until `count` classes. Days are labels,
 * so the result is the same in every server zone and across DST changes.
 */
export function seriesDays(rule: Pick<SeriesCreateInput, 'weekdays' | 'first_date' | 'until_date' | 'count'>): string[] {
  const weekdays = new Set(rule.weekdays);
  const lastAllowed = addDays(rule.first_date, SERIES_MAX_DAYS - 1);
  const last = rule.until_date ?? lastAllowed;
  const days: string[] = [];
  for (let day = rule.first_date; daysFromTo(day, last) >= 0; day = addDays(day, 1)) {
    if (!weekdays.has(isoWeekday(day))) continue;
    days.push(day);
    if (days.length === rule.count) return days;
  }
  if (rule.count !== undefined) {
    throw invalidFields({ count: fill(s.seriesTooLong, { n: SERIES_MAX_DAYS }) });
  }
  if (days.length === 0) throw invalidFields({ weekdays: s.seriesEmpty });
  return days;
}

/**
 * POST /single_class/series: every class of the series, and the series
 * record, in one transaction (all or nothing). Each class starts at the same
 * studio wall-clock time on its own day, so a UTC-offset change between two
 * classes moves the instant, never the time on the studio's clock.
 */
export async function createSeries(deps: Deps, adminUid: string, input: SeriesCreateInput): Promise<{ series: ClassSeries; single_classes: SingleClass[] }> {
  const tz = await studioTimezone(deps);
  const days = seriesDays(input);
  const { series, classes } = await deps.store.runTransaction(async (tx) => {
    const refs = await checkReferences(deps, tx, input);
    const layout = resolveLayout({
      capacity: input.capacity,
      spot_map: input.spot_map,
      classTypeSpotMap: refs.classTypeSpotMap,
      previous: null,
      label: input.first_date,
    });
    const ids = await allocateIdBlocks(deps.store, tx, { single_classes: days.length, class_series: 1 });
    const now = deps.now();
    const seriesId = at(ids.class_series, 0);
    const created = days.map((day, index) =>
      newClassDoc(input, layout, {
        single_class_id: at(ids.single_classes, index),
        class_date: studioWallTimeToInstant(day, input.start_time, tz),
        series_id: seriesId,
        now,
      }),
    );
    const record: ClassSeriesDoc = {
      series_id: seriesId,
      weekdays: [...input.weekdays].sort((a, b) => a - b),
      start_time: input.start_time,
      duration_minutes: input.duration_minutes,
      first_date: input.first_date,
      until_date: input.until_date ?? null,
      count: input.count ?? null,
      timezone: tz,
      single_class_ids: created.map((c) => c.single_class_id),
      created_by: adminUid,
      createdAt: now,
    };
    for (const doc of created) createSingleClass(deps.store, tx, doc);
    writeSeries(deps.store, tx, record);
    return { series: record, classes: created };
  });
  return {
    series: {
      series_id: series.series_id,
      weekdays: series.weekdays,
      start_time: series.start_time,
      first_date: series.first_date,
      until_date: series.until_date,
      count: series.count,
      timezone: series.timezone,
      single_class_ids: series.single_class_ids,
      createdAt: series.createdAt.toISOString(),
    },
    single_classes: await presentClasses(deps, classes, tz),
  };
}
