/**
 * The schedule through the deployed shape (Hosting → function, Auth emulator
 * tokens), on the seeded demo studio. Credits and reservations for the
 * cancellation test are written straight into the same store, the way the
 * booking flow will write them.
 */
import { studioDay, studioWeekStart } from '@studio/shared/format/dates';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLot } from '../../src/data/repos/credits-repo';
import type { Deps } from '../../src/deps';
import { book, giveLot, ledgerMismatches } from '../unit/schedule/schedule-fixtures';
import { api, countDocs, newCustomer, seed, signIn, store } from './support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type ClassBody = { single_class: SingleClass };
type ListBody = { single_classes: SingleClass[] };

let admin: string;
/** What the fixtures need to write credits and reservations: the stack's own store and the real clock. */
const deps = () => ({ store: store(), now: () => new Date() }) as unknown as Deps;
const yoga = { start_time: '07:00', duration_minutes: 50, capacity: 12, class_type_id: 2, location_id: 1, instructor_ids: [3] };

beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});

afterAll(async () => {
  await api('PUT', '/api/appconfig', { token: admin, body: { entries: [{ key: 'timezone', value: 'America/Mexico_City' }] } });
  await store().close();
});

describe('GET /api/single_class on the seeded studio', () => {
  it('shows next week to anyone with catalogue names and counts, and hides the cancelled class unless asked', async () => {
    const monday = new Date(studioWeekStart(new Date()).getTime() + 7 * 86_400_000);
    const start = studioDay(monday);
    const end = studioDay(new Date(monday.getTime() + 6.5 * 86_400_000));
    const week = await api<ListBody>('GET', `/api/single_class?start_date=${start}&end_date=${end}`);
    expect(week.status).toBe(200);
    expect(week.body.single_classes).toHaveLength(32);
    const first = week.body.single_classes[0];
    expect(first).toMatchObject({
      date: start,
      start_time: '07:00',
      class_type: { name: 'Indoor Cycling' },
      location: { name: 'Latido Roma' },
      capacity: 18,
      booked: 2,
      spots_left: 16,
      spot_map: '4,5,5,4',
    });
    expect(first?.class_instructors[0]?.instructor).toMatchObject({ name: 'Mariana', nick_name: 'Mar' });
    expect(JSON.stringify(week.body)).not.toContain('seed-customer-ana');

    const all = await api<ListBody>('GET', `/api/single_class?start_date=${start}&end_date=${end}&include_cancelled=true`);
    const cancelled = all.body.single_classes.filter((c) => c.status === 'cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ start_time: '08:30', class_type: { name: 'Yoga Vinyasa' }, booked: 0, spots_left: 0 });

    const single = await api<ClassBody>('GET', `/api/single_class/single/${first?.single_class_id}`);
    expect(single.body.single_class.class_reservations).toEqual([{ spot: 5 }, { spot: 6 }]);
    const mariana = await api<ListBody>('GET', `/api/single_class?start_date=${start}&end_date=${end}&instructor_id=1&location_id=1`);
    expect(mariana.body.single_classes.map((c) => c.start_time)).toEqual(['07:00', '07:00', '07:00', '07:00', '07:00']);
  });
});

describe('admin scheduling', () => {
  it('creates a weekly series at the studio wall-clock time across a DST change, in the configured zone', async () => {
    const zone = await api('PUT', '/api/appconfig', { token: admin, body: { entries: [{ key: 'timezone', value: 'America/Tijuana' }] } });
    expect(zone.status).toBe(200);
    const response = await api<{ series: { series_id: number; timezone: string }; single_classes: SingleClass[] }>('POST', '/api/single_class/series', {
      token: admin,
      body: { ...yoga, weekdays: [7], start_time: '09:00', first_date: '2027-03-07', count: 3 },
    });
    expect(response.status).toBe(201);
    expect(response.body.series.timezone).toBe('America/Tijuana');
    expect(response.body.single_classes.map((c) => [c.date, c.start_time, c.class_date])).toEqual([
      ['2027-03-07', '09:00', '2027-03-07T17:00:00.000Z'],
      ['2027-03-14', '09:00', '2027-03-14T16:00:00.000Z'],
      ['2027-03-21', '09:00', '2027-03-21T16:00:00.000Z'],
    ]);
    const one = await api<ClassBody>('POST', '/api/single_class', { token: admin, body: { ...yoga, date: '2027-11-08', start_time: '09:00' } });
    expect(one.status).toBe(201);
    expect(one.body.single_class.class_date).toBe('2027-11-08T17:00:00.000Z');
  });

  it('edits a class, one or this-and-following, and never lowers capacity below the bookings', async () => {
    const created = await api<{ single_classes: SingleClass[] }>('POST', '/api/single_class/series', {
      token: admin,
      body: { ...yoga, weekdays: [1], first_date: '2027-06-07', count: 3 },
    });
    const [a, b, c] = created.body.single_classes;
    const customer = await newCustomer();
    await giveLot(deps(), { id: 70_000 + customer.customerId, customerId: customer.customerId, uid: customer.uid, credits: 5 });
    for (const n of [1, 2])
      await book(deps(), {
        reservationId: 70_000 + customer.customerId * 10 + n,
        classId: c!.single_class_id,
        customerId: customer.customerId,
        uid: customer.uid,
        lotId: 70_000 + customer.customerId,
      });

    const following = await api<{ single_class: SingleClass; single_classes: SingleClass[] }>('PUT', '/api/single_class', {
      token: admin,
      body: { single_class_id: b!.single_class_id, scope: 'following', start_time: '08:15', instructor_ids: [1] },
    });
    expect(following.status).toBe(200);
    expect(following.body.single_classes.map((x) => x.single_class_id)).toEqual([b!.single_class_id, c!.single_class_id]);
    expect((await api<ClassBody>('GET', `/api/single_class/single/${a!.single_class_id}`)).body.single_class.start_time).toBe('07:00');

    const before = (await store().doc(`single_classes/${c!.single_class_id}`).get()).data();
    const refused = await api<ErrorBody>('PUT', '/api/single_class', { token: admin, body: { single_class_id: c!.single_class_id, capacity: 1 } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/^No puedes bajar el cupo a 1: la clase del .+ ya tiene 2 reservaciones\.$/);
    expect((await store().doc(`single_classes/${c!.single_class_id}`).get()).data()).toEqual(before);
  });

  it('cancels a class: every reservation cancelled, each credit returned once, each customer notified once', async () => {
    const created = await api<ClassBody>('POST', '/api/single_class', { token: admin, body: { ...yoga, date: '2027-09-06' } });
    const classId = created.body.single_class.single_class_id;
    const [finite, unlimited] = [await newCustomer(), await newCustomer()];
    const lotOf = (c: { customerId: number }) => 80_000 + c.customerId;
    await giveLot(deps(), { id: lotOf(finite), customerId: finite.customerId, uid: finite.uid, credits: 4 });
    await giveLot(deps(), { id: lotOf(unlimited), customerId: unlimited.customerId, uid: unlimited.uid, credits: -1 });
    await book(deps(), { reservationId: 80_000 + finite.customerId * 10 + 1, classId, customerId: finite.customerId, uid: finite.uid, lotId: lotOf(finite) });
    await book(deps(), {
      reservationId: 80_000 + finite.customerId * 10 + 2,
      classId,
      customerId: finite.customerId,
      uid: finite.uid,
      lotId: lotOf(finite),
      guest: 'Invitada',
    });
    await book(deps(), {
      reservationId: 80_000 + unlimited.customerId * 10 + 1,
      classId,
      customerId: unlimited.customerId,
      uid: unlimited.uid,
      lotId: lotOf(unlimited),
    });
    expect((await getLot(store(), lotOf(finite)))?.available_classes).toBe(2);

    const [first, second] = await Promise.all([
      api<ClassBody & { cancellation: Record<string, number> }>('POST', `/api/single_class/${classId}/cancel`, {
        token: admin,
        body: { reason: 'Mantenimiento del salón' },
      }),
      api<ClassBody & { cancellation: Record<string, number> }>('POST', `/api/single_class/${classId}/cancel`, { token: admin, body: {} }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((first.body.cancellation.reservations_cancelled ?? 0) + (second.body.cancellation.reservations_cancelled ?? 0)).toBe(3);
    expect((await getLot(store(), lotOf(finite)))?.available_classes).toBe(4);
    expect(await ledgerMismatches(store(), finite.customerId)).toEqual([]);
    const notices = (await store().collection('notifications').where('reference.id', '==', classId).get()).docs.map((d) => d.data() as Record<string, unknown>);
    expect(notices.map((n) => n.customer_id).sort()).toEqual([finite.customerId, unlimited.customerId].sort());
    expect(notices.every((n) => n.type === 'class-cancelled' && n.read === false && n.title === 'Clase cancelada')).toBe(true);

    const again = await api<ClassBody & { cancellation: Record<string, number> }>('POST', `/api/single_class/${classId}/cancel`, { token: admin, body: {} });
    expect(again.body.cancellation.reservations_cancelled).toBe(0);
    expect(again.body.single_class).toMatchObject({ status: 'cancelled', booked: 0 });
    expect((await getLot(store(), lotOf(finite)))?.available_classes).toBe(4);
  });

  it('refuses bad input in Spanish and writes nothing', async () => {
    const before = { classes: await countDocs('single_classes'), series: await countDocs('class_series') };
    const missing = await api<ErrorBody>('POST', '/api/single_class', {
      token: admin,
      body: { ...yoga, date: '2027-09-06', start_time: '7 am', instructor_ids: [] },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      message: 'Revisa los campos faltantes o inválidos',
      fields: { start_time: 'Usa el formato de 24 horas HH:mm, por ejemplo 07:30.', instructor_ids: 'Elige al menos un instructor.' },
    });
    const ghost = await api<ErrorBody>('POST', '/api/single_class/series', {
      token: admin,
      body: { ...yoga, weekdays: [1], first_date: '2027-09-06', count: 2, class_type_id: 999 },
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body.error.fields).toEqual({ class_type_id: 'Ese tipo de clase no existe.' });
    const window = await api<ErrorBody>('GET', '/api/single_class?start_date=2027-01-01&end_date=2027-03-01');
    expect(window.status).toBe(400);
    expect(window.body.error.fields).toEqual({ end_date: 'Consulta como máximo 31 días a la vez.' });
    const customer = await newCustomer();
    expect((await api('POST', '/api/single_class', { token: customer.token, body: { ...yoga, date: '2027-09-06' } })).status).toBe(403);
    expect({ classes: await countDocs('single_classes'), series: await countDocs('class_series') }).toEqual(before);
  });
});
