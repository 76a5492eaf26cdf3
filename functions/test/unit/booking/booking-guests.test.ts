import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { getLot } from '../../../src/data/repos/credits-repo';
import { freeSidePairs, spotNeighbours } from '../../../src/services/booking/places/guest-spot';
import { endOfStudioDay } from '../../../src/services/credits/expiry';
import { createClass } from '../../../src/services/schedule/create-class';
import { ADMIN_UID, giveLot, ledgerMismatches, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';
import { deleteReservation, postReservation, seedBookingStudio, setConfig } from './booking-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const ana = { customerId: 2, uid: 'ana' };
const beto = { customerId: 3, uid: 'beto' };

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedBookingStudio(env, [ana, beto], { cycling: true });
});
afterEach(async () => {
  await env.cleanup();
});

const bookAs = (uid: string, body: Record<string, unknown>) => postReservation(app, uid, body);
const cancelAs = (uid: string, id: number) => deleteReservation(app, uid, id);
const credits = async (lotId: number) => (await getLot(env.store, lotId))?.available_classes;
const seatsOf = async (classId: number) => (await env.store.collection(`single_classes/${classId}/seats`).get()).size;

describe('a +1 guest', () => {
  it("the guest's place needs a lot valid on the class's date too (ADR 0065): refused naming the end, nothing spent", async () => {
    // Ana's membership lasts; her finite lot (the only one that may pay a guest) ends 30 Nov, the day before class 1.
    await giveLot(env.deps, { id: 101, ...ana, credits: -1, expiration: null });
    await giveLot(env.deps, { id: 102, ...ana, credits: 5, expiration: endOfStudioDay('2026-11-30', 'America/Mexico_City') });
    const together = await bookAs('ana', { single_class_id: 1, guest: 'Sofía' });
    expect(together.status).toBe(412);
    expect(together.body.error).toMatchObject({ code: 'booking/lot-ends-before-class', message: 'Tu paquete vence el 30 nov, antes de esta clase.' });
    expect(await seatsOf(1)).toBe(0);
    expect((await bookAs('ana', { single_class_id: 1 })).status).toBe(201);
    const plusOne = await bookAs('ana', { single_class_id: 1, guest: 'Sofía' });
    expect(plusOne.status).toBe(412);
    expect(plusOne.body.error.code).toBe('booking/lot-ends-before-class');
    expect(await credits(102)).toBe(5);
    // A finite lot valid that day pays for the guest.
    await giveLot(env.deps, { id: 103, ...ana, credits: 1, expiration: endOfStudioDay('2026-12-01', 'America/Mexico_City') });
    const paid = await bookAs('ana', { single_class_id: 1, guest: 'Sofía' });
    expect(paid.status).toBe(201);
    expect(paid.body.class_reservation.available_class_id).toBe(103);
    expect(await ledgerMismatches(env.store, 2)).toEqual([]);
  });

  it('books the customer and their guest together: two seats, two credits, the guest named', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    const res = await bookAs('ana', { single_class_id: 1, guest: '  Sofía Ruiz ' });
    expect(res.status).toBe(201);
    expect(res.body.class_reservations).toHaveLength(2);
    const [own, guest] = res.body.class_reservations;
    expect(own).toMatchObject({ guest: null, customer_id: 2, available_class_id: 101 });
    expect(guest).toMatchObject({ guest: 'Sofía Ruiz', customer_id: 2, available_class_id: 101 });
    expect(own.spot).not.toBe(guest.spot);
    expect(res.body.class_reservation.class_reservation_id).toBe(own.class_reservation_id);
    expect(await credits(101)).toBe(3);
    expect(await seatsOf(1)).toBe(2);
    expect(await ledgerMismatches(env.store, 2)).toEqual([]);
  });

  it('adds a guest after the customer booked (+1), and only one guest per customer', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    expect((await bookAs('ana', { single_class_id: 1 })).status).toBe(201);
    const plusOne = await bookAs('ana', { single_class_id: 1, guest: 'Sofía' });
    expect(plusOne.status).toBe(201);
    expect(plusOne.body.class_reservations).toHaveLength(1);
    expect(plusOne.body.class_reservation.guest).toBe('Sofía');
    const again = await bookAs('ana', { single_class_id: 1, guest: 'Otra' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('booking/guest-already-booked');
    expect((await bookAs('ana', { single_class_id: 1 })).body.error.code).toBe('booking/already-booked');
    expect(await credits(101)).toBe(3);
  });

  it('needs a second seat: with one seat left the pair is refused whole (412) and nothing is spent', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    await giveLot(env.deps, { id: 102, ...beto, credits: 5 });
    expect((await bookAs('beto', { single_class_id: 1, guest: 'Luis' })).status).toBe(201);
    const pair = await bookAs('ana', { single_class_id: 1, guest: 'Sofía' });
    expect(pair.status).toBe(412);
    expect(pair.body.error.code).toBe('booking/class-full');
    expect(await credits(101)).toBe(5);
    expect(await seatsOf(1)).toBe(2);
  });

  it('needs a second credit: one credit books the customer only if asked alone; an unlimited membership does not pay for a guest', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 1 });
    const refused = await bookAs('ana', { single_class_id: 1, guest: 'Sofía' });
    expect(refused.status).toBe(412);
    expect(refused.body.error.code).toBe('booking/no-guest-credits');
    expect(await credits(101)).toBe(1);
    await giveLot(env.deps, { id: 102, ...beto, credits: -1 });
    expect((await bookAs('beto', { single_class_id: 1, guest: 'Luis' })).body.error.code).toBe('booking/no-guest-credits');
    await giveLot(env.deps, { id: 103, ...beto, credits: 2 });
    const paid = await bookAs('beto', { single_class_id: 1, guest: 'Luis' });
    expect(paid.status).toBe(201);
    expect(paid.body.class_reservations.map((r: { available_class_id: number }) => r.available_class_id)).toEqual([102, 103]);
  });

  it('takes its own spot on a map; the customer keeps the spot they chose', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    const res = await bookAs('ana', { single_class_id: 2, spot: 7, guest: 'Sofía' });
    expect(res.status).toBe(201);
    const [own, guest] = res.body.class_reservations;
    expect(own.spot).toBe(7);
    expect(guest.spot).not.toBe(7);
    const spots = (await env.store.collection('single_classes/2/spots').get()).docs.map((d) => Number(d.get('n'))).sort((a, b) => a - b);
    expect(spots).toEqual([7, guest.spot].sort((a, b) => a - b));
  });

  it('is cancelled on its own: its seat and credit come back, the customer keeps their place', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    const [own, guest] = (await bookAs('ana', { single_class_id: 1, guest: 'Sofía' })).body.class_reservations;
    expect((await cancelAs('ana', guest.class_reservation_id)).status).toBe(200);
    expect(await credits(101)).toBe(4);
    expect(await seatsOf(1)).toBe(1);
    expect((await env.store.doc('single_classes/1/guests/2').get()).exists).toBe(false);
    expect((await env.store.doc('single_classes/1/holders/2').get()).get('class_reservation_id')).toBe(own.class_reservation_id);
    // The +1 can be booked again.
    expect((await bookAs('ana', { single_class_id: 1, guest: 'Sofía' })).status).toBe(201);
  });

  it('guest: null is no guest', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    const res = await bookAs('ana', { single_class_id: 1, guest: null });
    expect(res.status).toBe(201);
    expect(res.body.class_reservations).toHaveLength(1);
    expect(await credits(101)).toBe(4);
  });

  it('is refused when the studio does not allow guests', async () => {
    await setConfig(env.store, { allow_class_guests: false });
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    const res = await bookAs('ana', { single_class_id: 1, guest: 'Sofía' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('booking/guests-disabled');
    expect(await credits(101)).toBe(5);
  });
});

describe('a +1 guest sits beside the host when the map allows (issue 25)', () => {
  // Class 2's map '4,5,5,4': row 1 is spots 1–4, row 2 5–9, row 3 10–14, row 4 15–18.
  const spotsOf = (res: { body: { class_reservations: Array<{ spot: number }> } }) => res.body.class_reservations.map((r) => r.spot);

  it('beside the spot the customer chose: the left one, else the right one, never across rows; else any free spot', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 10 });
    await giveLot(env.deps, { id: 102, ...beto, credits: 10 });
    expect(spotsOf(await bookAs('ana', { single_class_id: 2, spot: 7, guest: 'Sofía' }))).toEqual([7, 6]);
    await createClass(env.deps, yogaClass({ class_type_id: 1, capacity: undefined })); // class 3, same map
    expect((await bookAs('beto', { single_class_id: 3, spot: 6 })).status).toBe(201);
    expect(spotsOf(await bookAs('ana', { single_class_id: 3, spot: 7, guest: 'Sofía' }))).toEqual([7, 8]);
    await createClass(env.deps, yogaClass({ class_type_id: 1, capacity: undefined })); // class 4
    // Spot 5 begins row 2: spot 4 (the end of row 1) is not beside it.
    expect(spotsOf(await bookAs('ana', { single_class_id: 4, spot: 5, guest: 'Sofía' }))).toEqual([5, 6]);
    await createClass(env.deps, yogaClass({ class_type_id: 1, capacity: undefined })); // class 5
    expect(spotsOf(await bookAs('beto', { single_class_id: 5, spot: 3, guest: 'Luis' }))).toEqual([3, 2]);
    // Spot 1's only neighbour (2) is taken: the guest gets a free spot elsewhere.
    const [own, elsewhere] = spotsOf(await bookAs('ana', { single_class_id: 5, spot: 1, guest: 'Sofía' }));
    expect(own).toBe(1);
    expect([1, 2, 3]).not.toContain(elsewhere);
  });

  it('neither place chosen: a free side-by-side pair in one row', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    const [own, guest] = spotsOf(await bookAs('ana', { single_class_id: 2, guest: 'Sofía' })) as [number, number];
    expect(spotNeighbours('4,5,5,4', own)).toContain(guest);
  });

  it('a +1 added later sits beside the place already booked', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    expect(spotsOf(await bookAs('ana', { single_class_id: 2, spot: 12 }))).toEqual([12]);
    expect(spotsOf(await bookAs('ana', { single_class_id: 2, guest: 'Sofía' }))).toEqual([11]);
  });

  it('a map of single spots (no two side by side) still seats the guest, elsewhere', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    await createClass(env.deps, yogaClass({ spot_map: '1,1,1', capacity: undefined })); // class 3
    const spots = spotsOf(await bookAs('ana', { single_class_id: 3, guest: 'Sofía' }));
    expect(spots).toHaveLength(2);
    expect(new Set(spots).size).toBe(2);
  });

  it('spotNeighbours and freeSidePairs read the rows as the server numbers them', () => {
    expect(spotNeighbours('4,5,5,4', 1)).toEqual([2]);
    expect(spotNeighbours('4,5,5,4', 4)).toEqual([3]);
    expect(spotNeighbours('4,5,5,4', 5)).toEqual([6]);
    expect(spotNeighbours('4,5,5,4', 7)).toEqual([6, 8]);
    expect(spotNeighbours('4,5,5,4', 19)).toEqual([]);
    expect(freeSidePairs('2,3', new Set([4]))).toEqual([[1, 2]]);
    expect(freeSidePairs('2,3', new Set())).toEqual([
      [1, 2],
      [3, 4],
      [4, 5],
    ]);
    expect(freeSidePairs('1,1,1', new Set())).toEqual([]);
  });
});

describe("the host's cancel and their +1 (issue 25)", () => {
  const cancelWith = (id: number, query: string) => request(app).delete(`/api/class_reservations/${id}${query}`).set('Authorization', 'Bearer uid:ana');
  const bookPair = async () => {
    const res = await bookAs('ana', { single_class_id: 1, guest: 'Sofía' });
    expect(res.status).toBe(201);
    const [own, guest] = res.body.class_reservations as Array<{ class_reservation_id: number }>;
    return { own: own?.class_reservation_id ?? 0, guest: guest?.class_reservation_id ?? 0 };
  };
  const holding = async (kind: string) => (await env.store.doc(`single_classes/1/${kind}/2`).get()).exists;

  it('by default the guest goes with the host: both cancelled in one call, both credits back, counted once against the limit', async () => {
    await setConfig(env.store, { max_cancels_per_available_class: 3 });
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    const { own, guest } = await bookPair();
    expect(await credits(101)).toBe(3);
    const res = await cancelAs('ana', own);
    expect(res.status).toBe(200);
    expect(res.body.class_reservation).toMatchObject({ class_reservation_id: own, status: 'Cancelada', credit_returned: true });
    expect(res.body.class_reservations).toMatchObject([
      { class_reservation_id: own, status: 'Cancelada' },
      { class_reservation_id: guest, guest: 'Sofía', status: 'Cancelada', credit_returned: true },
    ]);
    expect(await credits(101)).toBe(5);
    expect((await getLot(env.store, 101))?.cancels_used).toBe(1);
    expect(await seatsOf(1)).toBe(0);
    expect(await holding('holders')).toBe(false);
    expect(await holding('guests')).toBe(false);
    expect(await ledgerMismatches(env.store, 2)).toEqual([]);
    // Cancelling again answers the host's place as it is.
    expect((await cancelAs('ana', own)).body.class_reservations).toHaveLength(1);
  });

  it('guest=keep: only the host leaves; the guest keeps their seat, spot and credit', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    const { own, guest } = await bookPair();
    const res = await cancelWith(own, '?guest=keep');
    expect(res.status).toBe(200);
    expect(res.body.class_reservations).toMatchObject([{ class_reservation_id: own, status: 'Cancelada' }]);
    expect(await credits(101)).toBe(4);
    expect(await seatsOf(1)).toBe(1);
    expect((await env.store.doc('single_classes/1/guests/2').get()).get('class_reservation_id')).toBe(guest);
    expect((await env.store.doc(`class_reservations/${guest}`).get()).get('deletedAt')).toBeNull();
  });

  it('each place is paid back to its own lot; a guest already checked in stays', async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 1, expiration: new Date('2026-12-20T06:00:00Z') });
    await giveLot(env.deps, { id: 102, ...ana, credits: 5 });
    const first = await bookPair();
    expect([await credits(101), await credits(102)]).toEqual([0, 4]);
    expect((await cancelAs('ana', first.own)).body.class_reservations).toHaveLength(2);
    expect([await credits(101), await credits(102)]).toEqual([1, 5]);

    const second = await bookPair();
    // An hour before the class (07:00 Mexico City, 13:00Z) the desk checks the guest in; the host has not arrived.
    env.clock.now = new Date('2026-12-01T12:10:00Z');
    const checkIn = await request(app)
      .post('/api/single_class/1/check_in')
      .set('Authorization', `Bearer admin:${ADMIN_UID}`)
      .send({ class_reservation_id: second.guest });
    expect(checkIn.status).toBe(200);
    const res = await cancelAs('ana', second.own);
    expect(res.status).toBe(200);
    expect(res.body.class_reservations).toMatchObject([{ class_reservation_id: second.own, status: 'Cancelada' }]);
    expect((await env.store.doc(`class_reservations/${second.guest}`).get()).get('deletedAt')).toBeNull();
    expect(await ledgerMismatches(env.store, 2)).toEqual([]);
  });

  it("an unknown choice is 400 in Spanish and nothing is written; on the guest's own place the choice changes nothing", async () => {
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    const { own, guest } = await bookPair();
    const bad = await cancelWith(own, '?guest=maybe');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Indica si el lugar de tu invitado se cancela (cancel) o se conserva (keep).');
    expect(await credits(101)).toBe(3);
    expect(await seatsOf(1)).toBe(2);
    const guestOnly = await cancelWith(guest, '?guest=cancel');
    expect(guestOnly.body.class_reservations).toMatchObject([{ class_reservation_id: guest, status: 'Cancelada' }]);
    expect((await env.store.doc(`class_reservations/${own}`).get()).get('deletedAt')).toBeNull();
  });
});
