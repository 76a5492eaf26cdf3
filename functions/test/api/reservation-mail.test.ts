/**
 * The booking e-mail through the deployed shape (issue 25): a customer books,
 * the trigger writes the e-mail, and it links to Mis Reservaciones on the
 * site's configured origin: the seed's `domain` is 'localhost' (not a public
 * site), so the deployment's own site, which the local stack names with
 * STUDIO_SITE_ORIGIN (its Hosting emulator). The trigger never sees the
 * booking's request, so no request header can reach the link.
 */
import { studioWallClockOf } from '@studio/shared/format/dates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSnapshot } from '../../src/data/store/types';
import { api, newCustomer, seed, signIn, store } from './support';

let admin: string;

beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});

afterAll(async () => {
  await store().close();
});

/** The trigger writes it a moment after the booking (a hang guard, not a speed check). */
async function mailOf(id: string): Promise<DocumentSnapshot> {
  let snap = await store().doc(`mail/${id}`).get();
  for (let i = 0; i < 600 && !snap.exists; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    snap = await store().doc(`mail/${id}`).get();
  }
  return snap;
}

describe('the booking e-mail', () => {
  it('links to Mis Reservaciones on the site’s configured origin', async () => {
    const wall = studioWallClockOf(Date.now() + 3 * 24 * 60 * 60_000);
    if (!wall) throw new Error('no studio time');
    const created = await api<{ single_class: { single_class_id: number } }>('POST', '/api/single_class', {
      token: admin,
      body: { date: wall.date, start_time: '10:20', duration_minutes: 50, capacity: 5, class_type_id: 2, location_id: 1, instructor_ids: [3] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const customer = await newCustomer();
    const lot = await api('POST', '/api/available_classes', { token: admin, body: { customer_id: customer.customerId, available_classes: 1 } });
    expect(lot.status).toBe(201);
    const booked = await api<{ class_reservation: { class_reservation_id: number } }>('POST', '/api/class_reservations', {
      token: customer.token,
      body: { single_class_id: created.body.single_class.single_class_id },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const mail = await mailOf(`reservation-${booked.body.class_reservation.class_reservation_id}-booked`);
    expect(mail.exists).toBe(true);
    const origin = process.env.STUDIO_SITE_ORIGIN ?? 'http://127.0.0.1:5000';
    const message = mail.get('message') as { text: string; html: string };
    expect(message.text).toContain(`Para ver o cancelar tu reservación, entra a Mis Reservaciones:\n${origin}/mystudio/reservaciones`);
    expect(message.html).toContain(`href="${origin}/mystudio/reservaciones"`);
  });
});
