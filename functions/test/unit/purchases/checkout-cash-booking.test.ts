/**
 * Booking against a pending cash purchase (docs/payments "Cash"): where the
 * studio allows it (cash_booking_before_payment), the credits come at
 * placement, marked as awaiting the cash; what they book shows 'Pago en
 * Efectivo Incompleto' until the studio confirms the cash (then nothing is
 * granted twice), and if the cash never comes the credits are revoked and
 * the classes still to come that they booked are cancelled.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lapseUnpaidPurchases } from '../../../src/services/purchases/end-cash-purchase';
import { releaseUnpaidBookings } from '../../../src/services/purchases/lifecycle/release-unpaid-bookings';
import { createClass } from '../../../src/services/schedule/create-class';
import { adminToken, http, packages, seedAccessFixtures, T0, tokenOf } from '../access/access-fixtures';
import { ledgerMismatches, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedScheduleCatalogue(env.store);
  await seedAccessFixtures(env.store);
  await createClass(env.deps, yogaClass({ capacity: 3 }));
  await createClass(env.deps, yogaClass({ date: '2026-11-23', start_time: '07:00' }));
});
afterEach(async () => {
  await env.cleanup();
});

type Doc = Record<string, unknown>;
const HOUR = 3_600_000;
const ANA = 2;
const docs = async (collection: string) => (await env.store.collection(collection).get()).docs.map((d) => d.data() as Doc);
const setConfig = (values: Record<string, unknown>) => env.store.doc('app_config/main').set({ values }, { merge: true });
const lotsOfAna = async () => (await docs('available_classes')).filter((l) => l.customer_id === ANA);
const buyInCash = async () => {
  const response = await http(env)
    .post('/api/checkout/attempt')
    .set('authorization', tokenOf('ana'))
    .send({ class_package_id: packages.tenClasses.class_package_id, payment_method: 'cash' });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.purchase_id as number;
};
const book = (classId: number) => http(env).post('/api/class_reservations').set('authorization', tokenOf('ana')).send({ single_class_id: classId });
const myReservations = async () => (await http(env).get('/api/class_reservations').set('authorization', tokenOf('ana'))).body.class_reservations as Doc[];
const purchase = async (id: number) => (await env.store.doc(`purchases/${id}`).get()).data() as Doc;

describe('booking before the cash is paid', () => {
  it('is off by default: a pending cash purchase grants nothing, so there is nothing to book with', async () => {
    await buyInCash();
    expect(await lotsOfAna()).toEqual([]);
    expect((await book(1)).body.error.code).toBe('booking/no-credits');
  });

  it('grants at placement, books as unpaid cash, and the confirmation settles the same credits without granting twice', async () => {
    await setConfig({ cash_booking_before_payment: true });
    const id = await buyInCash();
    expect(await purchase(id)).toMatchObject({ status: 'pending', granted_before_payment: true });
    expect(await lotsOfAna()).toMatchObject([{ purchase_id: id, available_classes: 10, awaiting_payment: true, status: 'active' }]);

    const booked = await book(1);
    expect(booked.status).toBe(201);
    expect(booked.body.class_reservation).toMatchObject({ is_cash: true, is_paid: false, status: 'Pago en Efectivo Incompleto' });

    const confirmed = await http(env).put(`/api/purchases/${id}/confirm`).set('authorization', adminToken).send({});
    expect(confirmed.status).toBe(200);
    expect(await purchase(id)).toMatchObject({ status: 'completed' });
    expect(await lotsOfAna()).toMatchObject([{ purchase_id: id, available_classes: 9, awaiting_payment: false }]);
    expect(await docs('invoices')).toMatchObject([{ purchase_id: id, total_payment: 1700, status: 'completed' }]);
    expect((await myReservations())[0]).toMatchObject({ is_cash: true, is_paid: true, status: 'Próxima' });
    // Booked after the confirmation: an ordinary paid reservation.
    await createClass(env.deps, yogaClass({ date: '2026-12-02' }));
    expect((await book(3)).body.class_reservation).toMatchObject({ is_cash: false, is_paid: true, status: 'Próxima' });
    expect(await ledgerMismatches(env.store, ANA)).toEqual([]);
  });

  it('rejected: the credits are revoked and the classes still to come are cancelled, their seats freed; classes already given stay', async () => {
    await setConfig({ cash_booking_before_payment: true });
    const id = await buyInCash();
    const upcoming = (await book(1)).body.class_reservation as Doc;
    const today = (await book(2)).body.class_reservation as Doc;
    env.clock.now = new Date('2026-11-23T15:00:00Z');

    const rejected = await http(env).put(`/api/purchases/${id}/reject`).set('authorization', adminToken).send({});
    expect(rejected.status).toBe(200);
    expect(await purchase(id)).toMatchObject({ status: 'cancelled', holds_place: false, reservations_to_release: false });
    expect(await lotsOfAna()).toMatchObject([{ purchase_id: id, status: 'revoked', available_classes: 0 }]);
    const after = await myReservations();
    expect(after.find((r) => r.class_reservation_id === upcoming.class_reservation_id)).toMatchObject({ status: 'Cancelada', cancel_reason: 'cash-unpaid' });
    expect(after.find((r) => r.class_reservation_id === today.class_reservation_id)).toMatchObject({ deletedAt: null });
    const seats = await env.store.collection('single_classes/1/seats').get();
    expect(seats.docs).toHaveLength(0);
    expect(await ledgerMismatches(env.store, ANA)).toEqual([]);
  });

  it('lapsed: the job revokes and cancels the same way, and finishes a release an interruption left', async () => {
    await setConfig({ cash_booking_before_payment: true });
    const id = await buyInCash();
    await book(1);
    env.clock.now = new Date(T0.getTime() + 49 * HOUR);
    expect(await lapseUnpaidPurchases(env.deps, env.clock.now)).toBe(1);
    expect((await myReservations())[0]).toMatchObject({ status: 'Cancelada', cancel_reason: 'cash-unpaid' });
    expect(await purchase(id)).toMatchObject({ status: 'cancelled', reservations_to_release: false });

    // An interrupted release (the flag left set) is finished by the next run.
    const second = await buyInCash();
    await book(1);
    await env.store.doc(`purchases/${second}`).set({ status: 'cancelled', holds_place: false, reservations_to_release: true }, { merge: true });
    expect(await lapseUnpaidPurchases(env.deps, env.clock.now)).toBe(0);
    expect((await myReservations()).filter((r) => r.deletedAt === null)).toEqual([]);
    expect(await releaseUnpaidBookings(env.deps, second)).toBe(0);
  });
});
