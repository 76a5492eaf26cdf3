/**
 * Issue 25 through the deployed shape (Hosting → function, Auth emulator
 * tokens): a customer checked in at the desk can no longer cancel; the API
 * answers 409 in Spanish and the store is left as it was. The class is
 * created 40 minutes ahead in the studio's zone (the seed leaves the default,
 * America/Mexico_City), so the check-in window (from 60 minutes before) is
 * open and the class has not started.
 */
import { studioWallClockOf } from '@studio/shared/format/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newCustomer, seed, signIn, store } from './support';

type ErrorBody = { error: { code: string; message: string } };
type Lots = { available_classes: Array<{ available_classes: number }> };

let admin: string;

beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});

afterAll(async () => {
  await store().close();
});

describe('cancelling a checked-in reservation', () => {
  it('answers 409 booking/checked-in in Spanish and writes nothing', async () => {
    const wall = studioWallClockOf(Date.now() + 40 * 60_000);
    if (!wall) throw new Error('no studio time');
    const created = await api<{ single_class: { single_class_id: number } }>('POST', '/api/single_class', {
      token: admin,
      body: { date: wall.date, start_time: wall.time, duration_minutes: 50, capacity: 5, class_type_id: 2, location_id: 1, instructor_ids: [3] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const classId = created.body.single_class.single_class_id;
    const customer = await newCustomer();
    const lot = await api('POST', '/api/available_classes', { token: admin, body: { customer_id: customer.customerId, available_classes: 2 } });
    expect(lot.status).toBe(201);
    const booked = await api<{ class_reservation: { class_reservation_id: number } }>('POST', '/api/class_reservations', {
      token: customer.token,
      body: { single_class_id: classId },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const id = booked.body.class_reservation.class_reservation_id;

    const checkIn = await api('POST', `/api/single_class/${classId}/check_in`, { token: admin, body: { class_reservation_id: id } });
    expect(checkIn.status, JSON.stringify(checkIn.body)).toBe(200);
    const before = await store().doc(`class_reservations/${id}`).get();
    const lotsBefore = await api<Lots>('GET', '/api/available_classes', { token: customer.token });

    const refused = await api<ErrorBody>('DELETE', `/api/class_reservations/${id}`, { token: customer.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'booking/checked-in', message: 'Ya registraste tu asistencia a esta clase; ya no puedes cancelarla.' });

    const after = await store().doc(`class_reservations/${id}`).get();
    expect(after.data()).toEqual(before.data());
    expect(after.get('deletedAt')).toBeNull();
    expect((await api<Lots>('GET', '/api/available_classes', { token: customer.token })).body).toEqual(lotsBefore.body);
    const mine = await api<{ class_reservations: Array<{ class_reservation_id: number; status: string }> }>('GET', '/api/class_reservations', {
      token: customer.token,
    });
    expect(mine.body.class_reservations).toMatchObject([{ class_reservation_id: id, status: 'Exitosa' }]);
  });
});
