/**
 * The notices written by document triggers (docs/customer-area
 * "Notifications"): a waitlist promotion and a moved class. The changes are
 * made through the services, and the handlers are called with the change
 * events Firestore (or the local dispatcher) would deliver, repeated too.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import type { NotificationDoc } from '../../../src/data/repos/notifications-repo';
import type { ClassReservationDoc } from '../../../src/data/repos/reservations-repo';
import type { DocumentChangeEvent, DocumentSnapshot } from '../../../src/data/store/types';
import { notifyOnClassChange } from '../../../src/services/notifications/notify-on-class';
import { notifyOnWaitlistChange } from '../../../src/services/notifications/notify-on-waitlist';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { updateClass } from '../../../src/services/schedule/update-class';
import { promoteWaitlist } from '../../../src/services/waitlist/promote-waitlist';
import { notifyOnClassTrigger, notifyOnWaitlistTrigger } from '../../../src/triggers/notification-triggers';
import { documentTriggers } from '../../../src/triggers/registry';
import { addCustomers } from '../booking/booking-fixtures';
import { ADMIN_UID, book, giveLot, seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
const ana = { customerId: 2, uid: 'ana' };
const beto = { customerId: 3, uid: 'beto' };
const caro = { customerId: 4, uid: 'caro' };

beforeEach(async () => {
  env = testEnv();
  await seedScheduleCatalogue(env.store);
  await addCustomers(env.store, [ana, beto, caro]);
  // Class 1: yoga at Latido Roma, Tuesday 1 Dec 2026 07:00 in the studio's zone (13:00Z); today is 22 Nov.
  await createClass(env.deps, yogaClass({ capacity: 2 }));
});
afterEach(async () => {
  await env.cleanup();
});

const existing = (s: DocumentSnapshot) => (s.exists ? s : null);
const change = (before: DocumentSnapshot | null, after: DocumentSnapshot | null): DocumentChangeEvent => ({
  eventId: `e-${Math.random()}`,
  params: {},
  before,
  after,
  time: env.deps.now(),
});
const notices = async () =>
  (await env.store.collection('notifications').get()).docs
    .map((d) => d.data() as unknown as NotificationDoc)
    .sort((a, b) => (a.notification_id < b.notification_id ? -1 : 1));
const classSnap = () => env.store.doc('single_classes/1').get();

/** Runs a change to class 1 and answers the event it makes. */
async function classEvent(run: () => Promise<unknown>): Promise<DocumentChangeEvent> {
  const before = await classSnap();
  await run();
  return change(existing(before), await classSnap());
}

describe('notification triggers', () => {
  it('are registered for waitlist entries and classes', () => {
    expect(documentTriggers).toEqual(expect.arrayContaining([notifyOnWaitlistTrigger, notifyOnClassTrigger]));
    expect(notifyOnWaitlistTrigger).toMatchObject({ name: 'notifyOnWaitlist', document: 'waitlists/{waitlistId}' });
    expect(notifyOnClassTrigger).toMatchObject({ name: 'notifyOnClass', document: 'single_classes/{singleClassId}' });
  });
});

describe('waitlist promotion notice', () => {
  /** Ana and Beto fill the class, Caro waits, Ana cancels and the line is promoted: answers Caro's entry's change. */
  async function promoteCaro(): Promise<DocumentChangeEvent> {
    const app = createApp(env.deps);
    const as = (uid: string) => ({ Authorization: `Bearer uid:${uid}` });
    for (const [i, p] of [ana, beto, caro].entries()) await giveLot(env.deps, { id: 100 + i, ...p, credits: 3 });
    const booked = await request(app).post('/api/class_reservations').set(as('ana')).send({ single_class_id: 1 });
    await request(app).post('/api/class_reservations').set(as('beto')).send({ single_class_id: 1 });
    const joined = await request(app).post('/api/waitlist').set(as('caro')).send({ single_class_id: 1 });
    expect(joined.status).toBe(201);
    const entry = env.store.doc(`waitlists/${joined.body.waitlist.waitlist_id}`);
    await request(app).delete(`/api/class_reservations/${booked.body.class_reservation.class_reservation_id}`).set(as('ana'));
    const before = await entry.get();
    const summary = await promoteWaitlist(env.deps, 1);
    expect(summary.promoted).toEqual([joined.body.waitlist.waitlist_id]);
    return change(existing(before), await entry.get());
  }

  it('tells the promoted customer which class, when and where in studio time, and that a credit paid; once however often the event comes', async () => {
    const event = await promoteCaro();
    const waitlistId = (event.after?.data() as { waitlist_id: number }).waitlist_id;
    await notifyOnWaitlistChange(env.deps, event);
    const [notice, ...rest] = await notices();
    expect(rest).toEqual([]);
    expect(notice).toEqual({
      notification_id: `waitlist-promoted-${waitlistId}`,
      customer_id: 4,
      uid: 'caro',
      type: 'waitlist-promoted',
      title: 'Te conseguimos un lugar',
      body:
        'Se liberó un lugar en tu clase de Yoga Vinyasa del martes 1 de diciembre a las 07:00 en Latido Roma y te reservamos desde la lista de espera. ' +
        'Usamos un crédito de tu paquete para esta reservación.',
      read: false,
      reference: { type: 'single_class', id: 1 },
      createdAt: env.clock.now,
    });

    const written = (await env.store.doc(`notifications/${notice!.notification_id}`).get()).updateTime;
    await notifyOnWaitlistChange(env.deps, event);
    await Promise.all([notifyOnWaitlistChange(env.deps, { ...event, eventId: 'again' }), notifyOnWaitlistChange(env.deps, event)]);
    expect(await notices()).toHaveLength(1);
    expect((await env.store.doc(`notifications/${notice!.notification_id}`).get()).updateTime).toEqual(written);
  });

  it('writes nothing for joining, leaving or a later change to a promoted entry', async () => {
    const event = await promoteCaro();
    await notifyOnWaitlistChange(env.deps, change(null, event.before));
    await notifyOnWaitlistChange(env.deps, change(event.after, event.after));
    const left = { ...event.before!.data(), status: 'left', end_reason: 'customer' };
    await env.store.doc('waitlists/999').set(left);
    await notifyOnWaitlistChange(env.deps, change(event.before, await env.store.doc('waitlists/999').get()));
    expect(await notices()).toEqual([]);
  });
});

describe('class moved notice', () => {
  /** Ana with a guest, Beto, and Caro who cancelled: three active reservations, two customers. */
  async function bookClass(): Promise<void> {
    await book(env.deps, { reservationId: 1001, classId: 1, ...ana, lotId: null });
    await book(env.deps, { reservationId: 1002, classId: 1, ...ana, lotId: null, guest: 'Luis' });
    await book(env.deps, { reservationId: 1003, classId: 1, ...beto, lotId: null });
    await book(env.deps, { reservationId: 1004, classId: 1, ...caro, lotId: null });
    const ref = env.store.doc('class_reservations/1004');
    const r = (await ref.get()).data() as unknown as ClassReservationDoc;
    await ref.set({ ...r, deletedAt: env.deps.now(), cancel_reason: 'customer' });
  }

  it('tells each customer booked in it once (not a guest twice, not a cancelled one), with the new and old time; a retry writes nothing more', async () => {
    await updateClass(env.deps, { single_class_id: 1, capacity: 10 });
    await bookClass();
    const event = await classEvent(() => updateClass(env.deps, { single_class_id: 1, start_time: '08:30' }));
    await notifyOnClassChange(env.deps, event);
    const start = new Date('2026-12-01T14:30:00Z').getTime();
    const all = await notices();
    expect(all.map((n) => [n.notification_id, n.uid])).toEqual([
      [`class-moved-1-2-${start}`, 'ana'],
      [`class-moved-1-3-${start}`, 'beto'],
    ]);
    expect(all[0]).toMatchObject({
      customer_id: 2,
      type: 'class-moved',
      title: 'Tu clase cambió de horario',
      body: 'Tu clase de Yoga Vinyasa en Latido Roma ahora es el martes 1 de diciembre a las 08:30 (antes: martes 1 de diciembre a las 07:00). Tu lugar sigue reservado.',
      read: false,
      reference: { type: 'single_class', id: 1 },
      createdAt: env.clock.now,
    });

    await notifyOnClassChange(env.deps, event);
    await Promise.all([notifyOnClassChange(env.deps, { ...event, eventId: 'again' }), notifyOnClassChange(env.deps, event)]);
    expect(await notices()).toHaveLength(2);
  });

  it('makes a second notice for a second move, and leaves the first one as it was', async () => {
    await updateClass(env.deps, { single_class_id: 1, capacity: 10 });
    await bookClass();
    await notifyOnClassChange(env.deps, await classEvent(() => updateClass(env.deps, { single_class_id: 1, start_time: '08:30' })));
    await env.store.runTransaction(async (tx) =>
      tx.update(env.store.doc(`notifications/class-moved-1-3-${Date.parse('2026-12-01T14:30:00Z')}`), { read: true }),
    );
    await notifyOnClassChange(env.deps, await classEvent(() => updateClass(env.deps, { single_class_id: 1, date: '2026-12-03' })));
    const beto = (await notices()).filter((n) => n.uid === 'beto');
    expect(beto.map((n) => [n.read, n.body])).toEqual([
      [true, expect.stringContaining('ahora es el martes 1 de diciembre a las 08:30 (antes: martes 1 de diciembre a las 07:00)')],
      [false, expect.stringContaining('ahora es el jueves 3 de diciembre a las 08:30 (antes: martes 1 de diciembre a las 08:30)')],
    ]);
    expect(await notices()).toHaveLength(4);
  });

  it('writes nothing for other edits, for a cancelled class, or for a class nobody booked', async () => {
    await notifyOnClassChange(env.deps, await classEvent(() => updateClass(env.deps, { single_class_id: 1, start_time: '09:00' })));
    await updateClass(env.deps, { single_class_id: 1, start_time: '07:00', capacity: 10 });
    await bookClass();
    await notifyOnClassChange(env.deps, await classEvent(() => updateClass(env.deps, { single_class_id: 1, description: 'Trae tu tapete', capacity: 12 })));
    expect(await notices()).toEqual([]);

    const cancelled = await classEvent(() => cancelClass(env.deps, ADMIN_UID, 1, { reason: 'Lluvia' }));
    await notifyOnClassChange(env.deps, cancelled);
    // Moved while cancelled (only a direct write could): still nothing but the cancellation notices.
    const moved = await classEvent(() => env.store.doc('single_classes/1').update({ class_date: new Date('2026-12-02T13:00:00Z') }));
    await notifyOnClassChange(env.deps, moved);
    expect((await notices()).map((n) => n.type)).toEqual(['class-cancelled', 'class-cancelled']);
  });
});
