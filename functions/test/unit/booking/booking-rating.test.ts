import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { getReservation } from '../../../src/data/repos/reservations-repo';
import { createClass } from '../../../src/services/schedule/create-class';
import { book, giveLot, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';
import { addCustomers, setConfig } from './booking-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const ana = { customerId: 2, uid: 'ana' };
const beto = { customerId: 3, uid: 'beto' };
/** Class 1: yoga, no spot map, 1 Dec 2026 07:00 in Mexico City (13:00Z). */
const YOGA_START = new Date('2026-12-01T13:00:00Z');
const AFTER_CLASS = new Date('2026-12-01T15:00:00Z');

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedScheduleCatalogue(env.store);
  await addCustomers(env.store, [ana, beto]);
  await createClass(env.deps, yogaClass({ capacity: 3 }));
  await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
  // 1001: Ana's own reservation; 1002: her guest's (holds guests/2, not holders/2).
  await book(env.deps, { reservationId: 1001, classId: 1, ...ana, lotId: 101 });
  await book(env.deps, { reservationId: 1002, classId: 1, ...ana, lotId: 101, guest: 'Sofía Pérez' });
});
afterEach(async () => {
  await env.cleanup();
});

const at = (iso: string | Date) => {
  env.clock.now = new Date(iso);
};
const attended = (id: number, fields: Record<string, unknown> = {}) => env.store.doc(`class_reservations/${id}`).update({ attend: true, ...fields });
const rateAs = (uid: string | null, body: Record<string, unknown>) => {
  const req = request(app).put('/api/class_reservations');
  return (uid === null ? req : req.set('Authorization', `Bearer uid:${uid}`)).send(body);
};
const renameAs = (uid: string | null, body: Record<string, unknown>) => {
  const req = request(app).put('/api/single_class/guest');
  return (uid === null ? req : req.set('Authorization', `Bearer uid:${uid}`)).send(body);
};
const rating = { class_reservation_id: 1001, class_stars: 5, coach_stars: 4 };

describe('rating a reservation (PUT /class_reservations)', () => {
  it('rates an attended reservation once and answers it presented, with its class', async () => {
    await attended(1001);
    at(AFTER_CLASS);
    const res = await rateAs('ana', { ...rating, customer_id: 2, comment: '  ¡Excelente clase!  ' });
    expect(res.status).toBe(200);
    expect(res.body.class_reservation).toMatchObject({
      class_reservation_id: 1001,
      class_stars: 5,
      coach_stars: 4,
      comment: '¡Excelente clase!',
      status: 'Exitosa',
      single_class: { single_class_id: 1, class_type: { name: 'Yoga Vinyasa' } },
    });
    const stored = await getReservation(env.store, 1001);
    expect(stored).toMatchObject({ class_stars: 5, coach_stars: 4, comment: '¡Excelente clase!' });
    expect(stored?.updatedAt.toISOString()).toBe(AFTER_CLASS.toISOString());

    const again = await rateAs('ana', { ...rating, class_stars: 1, coach_stars: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'booking/already-rated', message: 'Ya calificaste esta clase.' });
    expect((await getReservation(env.store, 1001))?.class_stars).toBe(5);
  });

  it('two ratings sent at once: one is stored, the other is 409', async () => {
    await attended(1001);
    at(AFTER_CLASS);
    const both = await Promise.all([rateAs('ana', rating), rateAs('ana', { ...rating, class_stars: 2, coach_stars: 2 })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('an empty comment is stored as null; the comment is optional', async () => {
    await attended(1001);
    await attended(1002);
    at(AFTER_CLASS);
    expect((await rateAs('ana', { ...rating, comment: '   ' })).body.class_reservation.comment).toBeNull();
    const guest = await rateAs('ana', { class_reservation_id: 1002, class_stars: 3, coach_stars: 3 });
    expect(guest.status).toBe(200);
    expect(guest.body.class_reservation).toMatchObject({ guest: 'Sofía Pérez', class_stars: 3, comment: null });
  });

  it('refuses a reservation not attended: upcoming, no-show, unpaid cash', async () => {
    const upcoming = await rateAs('ana', rating);
    expect(upcoming.status).toBe(409);
    expect(upcoming.body.error).toMatchObject({ code: 'booking/not-rateable', message: 'Solo puedes calificar una clase a la que asististe.' });
    at(AFTER_CLASS);
    const noShow = await rateAs('ana', rating);
    expect(noShow.status).toBe(409);
    expect(noShow.body.error.message).toBe('Solo puedes calificar una clase a la que asististe.');
    await attended(1001, { is_cash: true, is_paid: false });
    const unpaid = await rateAs('ana', rating);
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.error.message).toBe('Podrás calificar esta clase cuando se complete tu pago en efectivo.');
    expect((await getReservation(env.store, 1001))?.class_stars).toBeNull();
  });

  it('refuses a cancelled reservation', async () => {
    const cancel = await request(app).delete('/api/class_reservations/1001').set('Authorization', 'Bearer uid:ana');
    expect(cancel.status).toBe(200);
    // Even marked attended afterwards (an admin's mistake), a cancelled reservation is 'Cancelada'.
    await attended(1001);
    at(AFTER_CLASS);
    const res = await rateAs('ana', rating);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'booking/reservation-cancelled', message: 'No puedes calificar una reservación cancelada.' });
  });

  it('refuses while reservation_rating_enabled is off (409, Spanish message)', async () => {
    await attended(1001);
    at(AFTER_CLASS);
    await setConfig(env.store, { reservation_rating_enabled: false });
    const res = await rateAs('ana', rating);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'booking/rating-disabled', message: 'El estudio no tiene habilitadas las calificaciones de clases.' });
    await setConfig(env.store, { reservation_rating_enabled: true });
    expect((await rateAs('ana', rating)).status).toBe(200);
  });

  it('checks the stars (integers 1–5, both required) and the comment (≤ 1000)', async () => {
    await attended(1001);
    at(AFTER_CLASS);
    for (const bad of [
      { class_stars: 0 },
      { class_stars: 6 },
      { coach_stars: 0 },
      { coach_stars: 6 },
      { class_stars: 4.5 },
      { class_stars: '5' },
      { class_stars: undefined },
      { coach_stars: undefined },
      { comment: 'x'.repeat(1001) },
      { extra: true },
    ]) {
      const res = await rateAs('ana', { ...rating, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    const range = await rateAs('ana', { ...rating, class_stars: 6 });
    expect(range.body.error.fields).toEqual({ class_stars: 'Elige de 1 a 5 estrellas.' });
    expect((await getReservation(env.store, 1001))?.class_stars).toBeNull();
    expect((await rateAs('ana', { ...rating, class_stars: 1, coach_stars: 5, comment: 'x'.repeat(1000) })).status).toBe(200);
  });

  it("another customer's reservation, a customer_id not the caller's, or no such reservation: 404; anonymous: 401", async () => {
    await attended(1001);
    at(AFTER_CLASS);
    const other = await rateAs('beto', rating);
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('No encontramos la reservación.');
    expect((await rateAs('beto', { ...rating, customer_id: 2 })).status).toBe(404);
    expect((await rateAs('ana', { ...rating, customer_id: 3 })).status).toBe(404);
    expect((await rateAs('ana', { ...rating, class_reservation_id: 9999 })).status).toBe(404);
    expect((await rateAs(null, rating)).status).toBe(401);
    expect((await getReservation(env.store, 1001))?.class_stars).toBeNull();
  });
});

describe('renaming a guest (PUT /single_class/guest)', () => {
  it('renames the guest of a guest reservation, trimmed, and answers the reservation', async () => {
    const res = await renameAs('ana', { class_reservation_id: 1002, name: '  Lucía Ramírez ' });
    expect(res.status).toBe(200);
    expect(res.body.class_reservation).toMatchObject({
      class_reservation_id: 1002,
      guest: 'Lucía Ramírez',
      status: 'Próxima',
      single_class: { single_class_id: 1 },
    });
    expect((await getReservation(env.store, 1002))?.guest).toBe('Lucía Ramírez');
  });

  it('checks the name: at least 2 characters after trimming, at most 80', async () => {
    for (const name of ['', ' ', 'A', '  B  ']) {
      const res = await renameAs('ana', { class_reservation_id: 1002, name });
      expect(res.status, name).toBe(400);
      expect(res.body.error.fields).toEqual({ name: 'Debes ingresar un nombre para tu invitado' });
    }
    expect((await renameAs('ana', { class_reservation_id: 1002 })).body.error.fields).toEqual({ name: 'Debes ingresar un nombre para tu invitado' });
    expect((await renameAs('ana', { class_reservation_id: 1002, name: 'x'.repeat(81) })).body.error.fields).toEqual({ name: 'Máximo 80 caracteres.' });
    expect((await renameAs('ana', { class_reservation_id: 1002, name: 42 })).status).toBe(400);
    expect((await renameAs('ana', { class_reservation_id: 1002, name: 'x'.repeat(80) })).status).toBe(200);
    expect((await renameAs('ana', { class_reservation_id: 1002, name: 'Lu' })).status).toBe(200);
  });

  it('refuses a reservation that is not a guest one (409)', async () => {
    const res = await renameAs('ana', { class_reservation_id: 1001, name: 'Lucía' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'booking/not-a-guest', message: 'Esta reservación no es de un invitado.' });
    expect((await getReservation(env.store, 1001))?.guest).toBeNull();
  });

  it('refuses a cancelled guest reservation (409)', async () => {
    await env.store.doc('class_reservations/1002').update({ deletedAt: new Date('2026-11-22T17:00:00Z'), cancel_reason: 'customer' });
    const res = await renameAs('ana', { class_reservation_id: 1002, name: 'Lucía' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('booking/reservation-cancelled');
    expect((await getReservation(env.store, 1002))?.guest).toBe('Sofía Pérez');
  });

  it('refuses once the class has started (409)', async () => {
    at(new Date(YOGA_START.getTime() - 1));
    expect((await renameAs('ana', { class_reservation_id: 1002, name: 'Lucía' })).status).toBe(200);
    at(YOGA_START);
    const res = await renameAs('ana', { class_reservation_id: 1002, name: 'Mónica' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'booking/class-started', message: 'Esta clase ya comenzó; ya no puedes cambiar el nombre de tu invitado.' });
    expect((await getReservation(env.store, 1002))?.guest).toBe('Lucía');
  });

  it("another customer's reservation or none: 404; anonymous: 401", async () => {
    const other = await renameAs('beto', { class_reservation_id: 1002, name: 'Lucía' });
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe('No encontramos la reservación.');
    expect((await renameAs('ana', { class_reservation_id: 9999, name: 'Lucía' })).status).toBe(404);
    expect((await renameAs(null, { class_reservation_id: 1002, name: 'Lucía' })).status).toBe(401);
    expect((await getReservation(env.store, 1002))?.guest).toBe('Sofía Pérez');
  });
});
