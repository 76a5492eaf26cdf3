/**
 * Weekly series keep their wall-clock time across UTC-offset changes. Run
 * under two process zones (npm test runs the unit suite under
 * America/Mexico_City and Asia/Tokyo; run it with TZ=UTC too): nothing here
 * may depend on the machine's zone.
 */
import type { SeriesCreateInput } from '@studio/shared/schemas/single-class';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { createSeries, seriesDays } from '../../../src/services/schedule/create-series';
import { type TestEnv, testEnv } from '../support';
import { ADMIN_UID, seedScheduleCatalogue, setStudioZone } from './schedule-fixtures';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  await seedScheduleCatalogue(env.store);
});
afterEach(async () => {
  await env.cleanup();
});

/** Wall-clock "YYYY-MM-DD HH:mm" of an instant in a zone, by the platform's own tz database (not the code under test). */
function wall(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

const base = { duration_minutes: 50, capacity: 12, class_type_id: 2, location_id: 1, instructor_ids: [3] };
const series = (rule: Partial<SeriesCreateInput>): SeriesCreateInput => ({
  ...base,
  weekdays: [1],
  start_time: '07:00',
  first_date: '2026-03-02',
  count: 1,
  ...rule,
});

describe('series across a DST change', () => {
  it('New York, spring forward (8 March 2026): 07:00 every Monday, Wednesday and Friday', async () => {
    await setStudioZone(env.store, 'America/New_York');
    const { single_classes: classes } = await createSeries(
      env.deps,
      ADMIN_UID,
      series({ weekdays: [1, 3, 5], first_date: '2026-03-02', count: undefined, until_date: '2026-03-13' }),
    );
    expect(classes.map((c) => c.date)).toEqual(['2026-03-02', '2026-03-04', '2026-03-06', '2026-03-09', '2026-03-11', '2026-03-13']);
    for (const c of classes) {
      expect(wall(c.class_date, 'America/New_York')).toBe(`${c.date} 07:00`);
      expect(c.start_time).toBe('07:00');
    }
    expect(classes.map((c) => c.class_date.slice(11, 16))).toEqual(['12:00', '12:00', '12:00', '11:00', '11:00', '11:00']);
  });

  it('Tijuana, fall back (1 November 2026): 09:00 every Saturday and Sunday', async () => {
    await setStudioZone(env.store, 'America/Tijuana');
    const { single_classes: classes } = await createSeries(
      env.deps,
      ADMIN_UID,
      series({ weekdays: [6, 7], start_time: '09:00', first_date: '2026-10-24', count: 4 }),
    );
    expect(classes.map((c) => c.date)).toEqual(['2026-10-24', '2026-10-25', '2026-10-31', '2026-11-01']);
    for (const c of classes) expect(wall(c.class_date, 'America/Tijuana')).toBe(`${c.date} 09:00`);
    expect(classes.map((c) => c.class_date)).toEqual([
      '2026-10-24T16:00:00.000Z',
      '2026-10-25T16:00:00.000Z',
      '2026-10-31T16:00:00.000Z',
      '2026-11-01T17:00:00.000Z',
    ]);
  });

  it('Mexico City (default zone, no DST since 2022): the same UTC time all year', async () => {
    const { single_classes: classes } = await createSeries(
      env.deps,
      ADMIN_UID,
      series({ weekdays: [7], start_time: '19:30', first_date: '2026-03-29', until_date: '2026-11-01', count: undefined }),
    );
    expect(classes).toHaveLength(32);
    for (const c of classes) {
      expect(wall(c.class_date, 'America/Mexico_City')).toBe(`${c.date} 19:30`);
      expect(c.class_date.slice(11)).toBe('01:30:00.000Z');
    }
  });

  it('a wall-clock time that does not exist on the change day moves forward by the gap', async () => {
    await setStudioZone(env.store, 'America/New_York');
    const { single_classes: classes } = await createSeries(
      env.deps,
      ADMIN_UID,
      series({ weekdays: [7], start_time: '02:30', first_date: '2026-03-01', count: 3 }),
    );
    expect(classes.map((c) => wall(c.class_date, 'America/New_York'))).toEqual(['2026-03-01 02:30', '2026-03-08 03:30', '2026-03-15 02:30']);
  });
});

describe('series rules', () => {
  it('creates consecutive ids, the series record and every class in one go', async () => {
    const result = await createSeries(env.deps, ADMIN_UID, series({ weekdays: [2, 4], first_date: '2026-12-01', count: 5, tag_ids: [1] }));
    expect(result.series).toMatchObject({
      series_id: 1,
      weekdays: [2, 4],
      start_time: '07:00',
      first_date: '2026-12-01',
      until_date: null,
      count: 5,
      timezone: 'America/Mexico_City',
      single_class_ids: [1, 2, 3, 4, 5],
    });
    expect(result.single_classes.map((c) => [c.single_class_id, c.date, c.series_id])).toEqual([
      [1, '2026-12-01', 1],
      [2, '2026-12-03', 1],
      [3, '2026-12-08', 1],
      [4, '2026-12-10', 1],
      [5, '2026-12-15', 1],
    ]);
    expect(result.single_classes[0]).toMatchObject({ capacity: 12, tags: [{ tag_id: 1 }], location: { name: 'Latido Roma' } });
    expect((await env.store.doc('counters/single_classes').get()).get('value')).toBe(5);
    expect((await env.store.doc('class_series/1').get()).get('created_by')).toBe(ADMIN_UID);
    const next = await createSeries(env.deps, ADMIN_UID, series({ first_date: '2026-12-07', count: 2 }));
    expect(next.single_classes.map((c) => c.single_class_id)).toEqual([6, 7]);
    expect(next.series.series_id).toBe(2);
  });

  it('counts days as calendar labels: until_date is inclusive, weekdays are ISO (7 = Sunday)', () => {
    expect(seriesDays({ weekdays: [7, 1], first_date: '2026-12-26', until_date: '2027-01-04' })).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2027-01-03',
      '2027-01-04',
    ]);
    expect(seriesDays({ weekdays: [1, 2, 3, 4, 5, 6, 7], first_date: '2028-02-27', count: 4 })).toEqual([
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
    ]);
    expect(seriesDays({ weekdays: [1, 2, 3, 4, 5, 6, 7], first_date: '2026-01-01', until_date: '2027-01-01' })).toHaveLength(366);
  });

  it('refuses bad rules in Spanish and writes nothing', async () => {
    const app = createApp(env.deps);
    const send = (body: Record<string, unknown>) => request(app).post('/api/single_class/series').set('authorization', `Bearer admin:${ADMIN_UID}`).send(body);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ ...series({}), until_date: '2026-03-30' }, { until_date: 'Indica una fecha final o un número de clases (solo uno de los dos).' }],
      [{ ...series({ count: undefined }) }, { until_date: 'Indica una fecha final o un número de clases (solo uno de los dos).' }],
      [{ ...series({ count: undefined }), until_date: '2026-03-01' }, { until_date: 'La fecha final debe ser igual o posterior a la inicial.' }],
      [{ ...series({ count: undefined }), until_date: '2027-03-03' }, { until_date: 'Una serie puede abarcar como máximo 366 días.' }],
      [{ ...series({}), weekdays: [] }, { weekdays: 'Elige al menos un día de la semana.' }],
      [{ ...series({}), weekdays: [0] }, { 'weekdays[0]': 'Los días van del 1 (lunes) al 7 (domingo).' }],
      [{ ...series({}), weekdays: [1, 1] }, { weekdays: 'No repitas elementos.' }],
      [{ ...series({}), count: 367 }, { count: 'El máximo es 366.' }],
      [{ ...series({}), count: 60 }, { count: 'Una serie puede abarcar como máximo 366 días.' }],
      [{ ...series({ count: undefined }), weekdays: [2], until_date: '2026-03-02' }, { weekdays: 'Ninguno de los días elegidos cae entre esas fechas.' }],
      [{ ...series({}), instructor_ids: [3, 42] }, { instructor_ids: 'Uno de los instructores no existe.' }],
    ];
    for (const [body, fields] of cases) {
      const response = await send(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await env.store.collection('single_classes').count()).toBe(0);
    expect(await env.store.collection('class_series').count()).toBe(0);
    expect(await env.store.collection('counters').count()).toBe(0);
  });

  it('answers 201 with the series and its classes', async () => {
    const response = await request(createApp(env.deps))
      .post('/api/single_class/series')
      .set('authorization', `Bearer admin:${ADMIN_UID}`)
      .send(series({ weekdays: [1, 3], count: 4 }));
    expect(response.status).toBe(201);
    expect(response.body.series.single_class_ids).toEqual([1, 2, 3, 4]);
    expect(response.body.single_classes).toHaveLength(4);
  });

  it('fits a whole year of daily classes in one transaction', async () => {
    const result = await createSeries(
      env.deps,
      ADMIN_UID,
      series({ weekdays: [1, 2, 3, 4, 5, 6, 7], first_date: '2026-01-01', count: undefined, until_date: '2027-01-01' }),
    );
    expect(result.single_classes).toHaveLength(366);
    expect(await env.store.collection('single_classes').count()).toBe(366);
  });
});
