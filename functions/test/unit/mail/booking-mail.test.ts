/**
 * The booking e-mails (docs/mail, ADR 0064): reservations and waitlist
 * entries are written through the store, and the trigger handlers are called
 * with the change events Firestore (or the local dispatcher) would deliver.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailDoc } from '../../../src/data/repos/mail-repo';
import { type ClassReservationDoc, createReservation, replaceReservation, type ReservationSource } from '../../../src/data/repos/reservations-repo';
import type { WaitlistDoc } from '../../../src/data/repos/waitlists-repo';
import type { DocumentChangeEvent, DocumentSnapshot } from '../../../src/data/store/types';
import { newReservation } from '../../../src/services/booking/new-reservation';
import { type MailDeps, mailOnReservationChange, mailOnWaitlistChange } from '../../../src/services/mail/booking-mail';
import { unfold } from '../../../src/services/mail/calendar-invite';
import { cancelClass } from '../../../src/services/schedule/cancel-class';
import { createClass } from '../../../src/services/schedule/create-class';
import { mailOnReservationTrigger } from '../../../src/triggers/mail-on-reservation';
import { mailOnWaitlistTrigger } from '../../../src/triggers/mail-on-waitlist';
import { documentTriggers } from '../../../src/triggers/registry';
import { addCustomers } from '../booking/booking-fixtures';
import { ADMIN_UID, book, giveLot, seedScheduleCatalogue, setStudioZone, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
let deps: MailDeps;
const ana = { customerId: 2, uid: 'ana' };
const beto = { customerId: 3, uid: 'beto' };

beforeEach(async () => {
  env = testEnv();
  deps = { store: env.store, now: env.deps.now, projectId: 'demo-studio' };
  await seedScheduleCatalogue(env.store);
  await addCustomers(env.store, [ana, beto]);
  await env.store.doc('customers/ana').set({ name: 'Ana' }, { merge: true });
});
afterEach(async () => {
  await env.cleanup();
});

/** Class 1: yoga at Latido Roma, Tuesday 1 Dec 2026 07:00 in the studio's zone. */
async function yoga(): Promise<void> {
  await createClass(env.deps, yogaClass({ capacity: 3 }));
}

const snap = (id: number) => env.store.doc(`class_reservations/${id}`).get();
const existing = (s: DocumentSnapshot) => (s.exists ? s : null);
const change = (before: DocumentSnapshot | null, after: DocumentSnapshot | null): DocumentChangeEvent => ({
  eventId: `e-${Math.random()}`,
  params: {},
  before,
  after,
  time: env.deps.now(),
});
const mails = async () => (await env.store.collection('mail').get()).docs.map((d) => ({ id: d.id, ...(d.data() as unknown as MailDoc) }));
const icsOf = (mail: MailDoc) => unfold(mail.message.attachments?.[0]?.content ?? '');
const field = (lines: string[], name: string) => lines.find((l) => l.startsWith(`${name}:`))?.slice(name.length + 1);

/** Books (or promotes) through the store and answers the creation event. */
async function reserve(id: number, who: { customerId: number; uid: string }, options: { guest?: string; source?: ReservationSource; spot?: number } = {}) {
  if (options.source && options.source !== 'customer') {
    await env.store.runTransaction(async (tx) => {
      const fields = { class_reservation_id: id, single_class_id: 1, ...toIds(who), available_class_id: null, spot: options.spot ?? null, seat: null };
      createReservation(
        env.store,
        tx,
        newReservation({ ...fields, guest: options.guest ?? null, is_cash: true, is_paid: false, source: options.source! }, env.deps.now()),
      );
    });
  } else {
    await book(env.deps, { reservationId: id, classId: 1, ...who, lotId: null, guest: options.guest ?? null, spot: options.spot ?? null });
  }
  return change(null, await snap(id));
}
const toIds = (who: { customerId: number; uid: string }) => ({ customer_id: who.customerId, uid: who.uid });

/** Cancels through the store as the customer or an admin would, and answers the change event. */
async function cancelAs(id: number, reason: 'customer' | 'admin') {
  const before = await snap(id);
  await env.store.runTransaction(async (tx) => {
    const r = (await tx.get(env.store.doc(`class_reservations/${id}`))).data() as unknown as ClassReservationDoc;
    const now = env.deps.now();
    replaceReservation(env.store, tx, {
      ...r,
      deletedAt: now,
      cancel_reason: reason,
      refund: { kind: 'credit-returned', available_class_id: 101, note: null, at: now },
      updatedAt: now,
    });
  });
  return change(before, await snap(id));
}

describe('mail triggers', () => {
  it('are registered for reservations and waitlist entries under the names index.ts exports', () => {
    expect(documentTriggers).toEqual(expect.arrayContaining([mailOnReservationTrigger, mailOnWaitlistTrigger]));
    expect(mailOnReservationTrigger).toMatchObject({ name: 'mailOnReservation', document: 'class_reservations/{reservationId}' });
    expect(mailOnWaitlistTrigger).toMatchObject({ name: 'mailOnWaitlist', document: 'waitlists/{waitlistId}' });
  });
});

describe('booking e-mail', () => {
  it('writes one Trigger Email document with Spanish studio-time dates and a REQUEST invitation, once however often the event comes', async () => {
    await yoga();
    const event = await reserve(1001, ana, { spot: 2 });
    await mailOnReservationChange(deps, event);
    const [mail, ...rest] = await mails();
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({
      id: 'reservation-1001-booked',
      to: 'ana@example.com',
      kind: 'booked',
      customer_id: 2,
      reference: { type: 'class_reservation', id: 1001 },
      createdAt: env.clock.now,
    });
    // Studio time (America/Mexico_City), whatever the machine's zone (the suite runs under Mexico City and Tokyo).
    expect(mail!.message.subject).toBe('Tu reservación en Estudio Latido: Yoga Vinyasa, martes 1 de diciembre, 07:00');
    expect(mail!.message.text).toContain('Hola, Ana:');
    expect(mail!.message.text).toContain('Fecha: martes 1 de diciembre de 2026');
    expect(mail!.message.text).toContain('Hora: 07:00 h');
    expect(mail!.message.text).toContain('Sede: Latido Roma');
    expect(mail!.message.text).toContain('Dirección: Álvaro Obregón 120');
    expect(mail!.message.text).toContain('Lugar: 2');
    expect(mail!.message.html).toContain('martes 1 de diciembre de 2026');
    expect(mail!.message.attachments).toEqual([
      { filename: 'clase.ics', content: expect.any(String), contentType: 'text/calendar; charset=utf-8; method=REQUEST' },
    ]);
    const ics = icsOf(mail!);
    expect(field(ics, 'METHOD')).toBe('REQUEST');
    expect(field(ics, 'UID')).toBe('reservation-1001@demo-studio');
    expect(field(ics, 'DTSTART')).toBe('20261201T130000Z');
    expect(field(ics, 'DTEND')).toBe('20261201T135000Z');
    expect(field(ics, 'LOCATION')).toBe('Latido Roma\\, Álvaro Obregón 120');

    const written = (await env.store.doc('mail/reservation-1001-booked').get()).updateTime;
    await mailOnReservationChange(deps, event);
    await Promise.all([mailOnReservationChange(deps, { ...event, eventId: 'again' }), mailOnReservationChange(deps, event)]);
    expect(await mails()).toHaveLength(1);
    expect((await env.store.doc('mail/reservation-1001-booked').get()).updateTime).toEqual(written);
  });

  it('links the booking to Mis Reservaciones on the configured site, else the deployment’s, never a request’s host', async () => {
    await yoga();
    await env.store.doc('app_config/main').set({ values: { domain: 'latido.mx' } }, { merge: true });
    await mailOnReservationChange({ ...deps, siteOrigin: 'https://demo-studio.web.app' }, await reserve(1001, ana));
    const [mail] = await mails();
    expect(mail!.message.text).toContain('Para ver o cancelar tu reservación, entra a Mis Reservaciones:\nhttps://latido.mx/mystudio/reservaciones');
    expect(mail!.message.html).toContain(
      '<a href="https://latido.mx/mystudio/reservaciones" style="color:#d9485f;font-weight:600">Ver o cancelar mi reservación</a>',
    );

    await env.store.doc('app_config/main').set({ values: { domain: 'localhost' } }, { merge: true });
    await mailOnReservationChange({ ...deps, siteOrigin: 'https://demo-studio.web.app' }, await reserve(1003, beto, { source: 'waitlist' }));
    const promoted = (await mails()).find((m) => m.id === 'reservation-1003-booked');
    expect(promoted!.kind).toBe('promoted');
    expect(promoted!.message.text).toContain('https://demo-studio.web.app/mystudio/reservaciones');
    expect(promoted!.message.html).toContain('href="https://demo-studio.web.app/mystudio/reservaciones"');
  });

  it('without a known site, says where to manage the booking and links nowhere', async () => {
    await yoga();
    await mailOnReservationChange(deps, await reserve(1001, ana));
    const [mail] = await mails();
    expect(mail!.message.text).toContain('Puedes ver o cancelar tu reservación en Mis Reservaciones de tu cuenta.');
    expect(mail!.message.html).not.toContain('<a ');
    expect(mail!.message.text).not.toContain('http');
  });

  it('shows the studio zone’s wall-clock time when the studio is elsewhere', async () => {
    await setStudioZone(env.store, 'Europe/Madrid');
    await yoga();
    await mailOnReservationChange(deps, await reserve(1001, ana));
    const [mail] = await mails();
    expect(mail!.message.subject).toContain('martes 1 de diciembre, 07:00');
    expect(field(icsOf(mail!), 'DTSTART')).toBe('20261201T060000Z');
  });

  it('names the guest of a guest reservation, escaped in the HTML', async () => {
    await yoga();
    await mailOnReservationChange(deps, await reserve(1002, ana, { guest: 'Pedro <b>& Co</b>' }));
    const [mail] = await mails();
    expect(mail!.message.text).toContain('Invitado: Pedro <b>& Co</b>');
    expect(mail!.message.html).toContain('Pedro &lt;b&gt;&amp; Co&lt;/b&gt;');
    expect(mail!.message.html).not.toContain('<b>&');
    expect(field(icsOf(mail!), 'SUMMARY')).toBe('Yoga Vinyasa (Pedro <b>& Co</b>) — Estudio Latido');
  });

  it('says the place came from the waitlist when the waitlist created the reservation', async () => {
    await yoga();
    await mailOnReservationChange(deps, await reserve(1003, beto, { source: 'waitlist' }));
    const [mail] = await mails();
    expect(mail).toMatchObject({ id: 'reservation-1003-booked', kind: 'promoted', to: 'beto@example.com' });
    expect(mail!.message.subject).toMatch(/lista de espera/);
    expect(mail!.message.text).toContain('Hola, beto:');
    expect(field(icsOf(mail!), 'METHOD')).toBe('REQUEST');
  });

  it('writes nothing for customers without an e-mail address, for edits, and for classes that had already started', async () => {
    await yoga();
    await env.store.doc('customers/beto').set({ email: '' }, { merge: true });
    await mailOnReservationChange(deps, await reserve(1004, beto));
    const created = await reserve(1005, ana);
    const before = await snap(1005);
    await env.store.doc('class_reservations/1005').update({ attend: true });
    await mailOnReservationChange(deps, change(before, await snap(1005)));
    env.clock.now = new Date('2026-12-01T13:30:00Z');
    await mailOnReservationChange(deps, { ...created, time: env.deps.now() });
    expect(await mails()).toEqual([]);
  });
});

describe('cancellation e-mail', () => {
  it('cancels the booking’s calendar event: same UID, higher SEQUENCE, CANCEL, once', async () => {
    await yoga();
    await mailOnReservationChange(deps, await reserve(1001, ana));
    env.clock.now = new Date('2026-11-23T10:00:00Z');
    const event = await cancelAs(1001, 'customer');
    await mailOnReservationChange(deps, event);
    await mailOnReservationChange(deps, event);
    const all = await mails();
    expect(all.map((m) => m.id).sort()).toEqual(['reservation-1001-booked', 'reservation-1001-cancelled']);
    const booked = all.find((m) => m.kind === 'booked')!;
    const cancelled = all.find((m) => m.id === 'reservation-1001-cancelled')!;
    expect(cancelled).toMatchObject({ kind: 'cancelled', to: 'ana@example.com', reference: { type: 'class_reservation', id: 1001 } });
    expect(cancelled.message.subject).toBe('Cancelaste tu reservación: Yoga Vinyasa, martes 1 de diciembre, 07:00');
    expect(cancelled.message.text).toContain('Ya regresamos a tu cuenta el crédito');
    // Nothing left to manage: no way to Mis Reservaciones.
    expect(cancelled.message.text).not.toContain('Mis Reservaciones');
    expect(cancelled.message.attachments?.[0]?.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const request = icsOf(booked);
    const cancel = icsOf(cancelled);
    expect(field(cancel, 'METHOD')).toBe('CANCEL');
    expect(field(cancel, 'STATUS')).toBe('CANCELLED');
    expect(field(cancel, 'UID')).toBe(field(request, 'UID'));
    expect(Number(field(cancel, 'SEQUENCE'))).toBeGreaterThan(Number(field(request, 'SEQUENCE')));
    expect(field(cancel, 'DTSTAMP')).toBe('20261123T100000Z');
  });

  it('says when the studio cancelled the reservation', async () => {
    await yoga();
    await reserve(1001, ana);
    await mailOnReservationChange(deps, await cancelAs(1001, 'admin'));
    const [mail] = await mails();
    expect(mail).toMatchObject({ id: 'reservation-1001-cancelled', kind: 'cancelled' });
    expect(mail!.message.text).toContain('El estudio canceló esta reservación.');
  });

  it('tells each reservation of a cancelled class, with the reason and the credit returned', async () => {
    await yoga();
    await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
    await book(env.deps, { reservationId: 1001, classId: 1, ...ana, lotId: 101 });
    await book(env.deps, { reservationId: 1002, classId: 1, ...ana, lotId: 101, guest: 'Pedro' });
    const before = [await snap(1001), await snap(1002)];
    await cancelClass(env.deps, ADMIN_UID, 1, { reason: 'Falla eléctrica' });
    for (const [index, id] of [1001, 1002].entries()) await mailOnReservationChange(deps, change(before[index]!, await snap(id)));
    const all = await mails();
    expect(all.map((m) => [m.id, m.kind])).toEqual([
      ['reservation-1001-cancelled', 'class-cancelled'],
      ['reservation-1002-cancelled', 'class-cancelled'],
    ]);
    expect(all[0]!.message.subject).toBe('Clase cancelada: Yoga Vinyasa, martes 1 de diciembre, 07:00');
    expect(all[0]!.message.text).toContain('El estudio canceló esta clase. Motivo: Falla eléctrica.');
    expect(all[0]!.message.text).toContain('Ya regresamos a tu cuenta el crédito');
    expect(all[1]!.message.text).toContain('Invitado: Pedro');
    expect(field(icsOf(all[1]!), 'UID')).toBe('reservation-1002@demo-studio');
    expect(field(icsOf(all[1]!), 'METHOD')).toBe('CANCEL');
  });
});

describe('waitlist closed e-mail', () => {
  const entry = (overrides: Partial<WaitlistDoc>): WaitlistDoc => ({
    waitlist_id: 7,
    single_class_id: 1,
    customer_id: 3,
    uid: 'beto',
    status: 'waiting',
    end_reason: null,
    class_reservation_id: null,
    class_date: new Date('2026-12-01T13:00:00Z'),
    class_end: new Date('2026-12-01T13:50:00Z'),
    joinedAt: env.deps.now(),
    endedAt: null,
    createdAt: env.deps.now(),
    updatedAt: env.deps.now(),
    ...overrides,
  });
  async function moveEntry(from: Partial<WaitlistDoc>, to: Partial<WaitlistDoc>): Promise<DocumentChangeEvent> {
    const ref = env.store.doc(`waitlists/${from.waitlist_id ?? 7}`);
    await ref.set({ ...entry(from) });
    const before = await ref.get();
    await ref.set({ ...entry({ ...from, ...to }) });
    return change(existing(before), await ref.get());
  }

  it('tells the customer the line closed at the cutoff and nothing was charged, once, without an invitation', async () => {
    await yoga();
    const event = await moveEntry({}, { status: 'closed', end_reason: 'cutoff', endedAt: env.deps.now() });
    await mailOnWaitlistChange(deps, event);
    await mailOnWaitlistChange(deps, event);
    const all = await mails();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: 'waitlist-7-closed', kind: 'waitlist-closed', to: 'beto@example.com', reference: { type: 'waitlist', id: 7 } });
    expect(all[0]!.message.subject).toBe('La lista de espera cerró: Yoga Vinyasa, martes 1 de diciembre, 07:00');
    expect(all[0]!.message.text).toContain('no alcanzaste lugar. No se te cobró nada.');
    expect(all[0]!.message.attachments).toBeUndefined();
  });

  it('says the class was cancelled when that closed the line, and writes nothing for other endings', async () => {
    await yoga();
    await mailOnWaitlistChange(deps, await moveEntry({ waitlist_id: 8 }, { status: 'closed', end_reason: 'class-cancelled' }));
    await mailOnWaitlistChange(deps, await moveEntry({ waitlist_id: 9 }, { status: 'promoted', class_reservation_id: 1001 }));
    await mailOnWaitlistChange(deps, await moveEntry({ waitlist_id: 10 }, { status: 'left', end_reason: 'customer' }));
    const all = await mails();
    expect(all.map((m) => m.id)).toEqual(['waitlist-8-closed']);
    expect(all[0]!.message.text).toContain('El estudio canceló esta clase');
  });
});
