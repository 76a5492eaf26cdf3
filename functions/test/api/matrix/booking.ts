import { api, store } from '../support';
import type { MatrixCall, MatrixContext, MatrixRow } from './types';

/** A class a year ahead (no booking window by default) and one credit for the owner, set up by the admin per row. */
async function bookableClass(ctx: MatrixContext): Promise<number> {
  const created = await api<{ single_class: { single_class_id: number } }>('POST', '/api/single_class', {
    token: ctx.adminToken,
    body: { date: '2027-12-08', start_time: '09:00', duration_minutes: 50, capacity: 5, class_type_id: 2, location_id: 1, instructor_ids: [3] },
  });
  if (created.status !== 201) throw new Error(`setup class: ${created.status} ${JSON.stringify(created.body)}`);
  const lot = await api('POST', '/api/available_classes', { token: ctx.adminToken, body: { customer_id: ctx.owner.customerId, available_classes: 1 } });
  if (lot.status !== 201) throw new Error(`setup credit: ${lot.status} ${JSON.stringify(lot.body)}`);
  return created.body.single_class.single_class_id;
}

/** The owner's reservation in a fresh class. */
async function ownersReservation(ctx: MatrixContext): Promise<number> {
  const singleClassId = await bookableClass(ctx);
  const booked = await api<{ class_reservation: { class_reservation_id: number } }>('POST', '/api/class_reservations', {
    token: ctx.owner.token,
    body: { single_class_id: singleClassId },
  });
  if (booked.status !== 201) throw new Error(`setup booking: ${booked.status} ${JSON.stringify(booked.body)}`);
  return booked.body.class_reservation.class_reservation_id;
}

/**
 * The owner's reservation in a fresh class, marked attended in the store and
 * its class moved to yesterday (booked a year ahead, then held), so it can be
 * rated: only an attended class that has ended can be (docs/booking).
 */
async function attendedReservation(ctx: MatrixContext): Promise<number> {
  const id = await ownersReservation(ctx);
  const reservation = (await store().doc(`class_reservations/${id}`).get()).data() as { single_class_id: number };
  await store().doc(`class_reservations/${id}`).update({ attend: true });
  await store()
    .doc(`single_classes/${reservation.single_class_id}`)
    .update({ class_date: new Date(Date.now() - 24 * 3_600_000) });
  return id;
}

/** The owner's guest reservation (+1) in a fresh class: two credits, one booking with `guest`. */
async function ownersGuestReservation(ctx: MatrixContext): Promise<number> {
  const singleClassId = await bookableClass(ctx);
  const second = await api('POST', '/api/available_classes', { token: ctx.adminToken, body: { customer_id: ctx.owner.customerId, available_classes: 1 } });
  if (second.status !== 201) throw new Error(`setup credit: ${second.status} ${JSON.stringify(second.body)}`);
  type Booked = { class_reservation_id: number; guest: string | null };
  const booked = await api<{ class_reservation: Booked; class_reservations?: Booked[] }>('POST', '/api/class_reservations', {
    token: ctx.owner.token,
    body: { single_class_id: singleClassId, guest: 'Sofía Pérez' },
  });
  if (booked.status !== 201) throw new Error(`setup guest booking: ${booked.status} ${JSON.stringify(booked.body)}`);
  const guest = (booked.body.class_reservations ?? [booked.body.class_reservation]).find((r) => r.guest !== null);
  if (!guest) throw new Error(`setup guest booking: no guest reservation in ${JSON.stringify(booked.body)}`);
  return guest.class_reservation_id;
}

/**
 * Reservations are their owner's alone: a list answers the caller's own, and
 * another customer (or an admin, until the admin roster exists) gets 404 for
 * someone else's, so ids reveal nothing. Booking needs a credit: "other" and
 * the admin have none (412).
 */
export const bookingRows: MatrixRow[] = [
  {
    route: 'GET /api/class_reservations',
    call: () => ({ method: 'GET', path: '/api/class_reservations?filter=upcoming' }),
    anonymous: 401,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'POST /api/class_reservations',
    call: async (ctx): Promise<MatrixCall> => ({ method: 'POST', path: '/api/class_reservations', body: { single_class_id: await bookableClass(ctx) } }),
    anonymous: 401,
    customer: 201,
    other: 412,
    admin: 412,
  },
  {
    route: 'DELETE /api/class_reservations/{id}',
    call: async (ctx): Promise<MatrixCall> => ({ method: 'DELETE', path: `/api/class_reservations/${await ownersReservation(ctx)}` }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 404,
  },
  {
    route: 'PUT /api/class_reservations',
    call: async (ctx): Promise<MatrixCall> => ({
      method: 'PUT',
      path: '/api/class_reservations',
      body: { class_reservation_id: await attendedReservation(ctx), class_stars: 5, coach_stars: 4, comment: 'Muy buena clase' },
    }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 404,
  },
  {
    route: 'PUT /api/single_class/guest',
    call: async (ctx): Promise<MatrixCall> => ({
      method: 'PUT',
      path: '/api/single_class/guest',
      body: { class_reservation_id: await ownersGuestReservation(ctx), name: 'Lucía Ramírez' },
    }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 404,
  },
  // Notifications and the private calendar feed (docs/customer-area): each customer's own; the feed's .ics needs no sign-in, its token is the credential.
  {
    route: 'GET /api/notifications',
    call: () => ({ method: 'GET', path: '/api/notifications' }),
    anonymous: 401,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'PUT /api/notifications/read',
    call: () => ({ method: 'PUT', path: '/api/notifications/read', body: {} }),
    anonymous: 401,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'PUT /api/notifications/{id}/read',
    call: async (ctx) => {
      const id = `matrix-${ctx.owner.customerId}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
      await store()
        .doc(`notifications/${id}`)
        .set({
          notification_id: id,
          customer_id: ctx.owner.customerId,
          uid: ctx.owner.uid,
          type: 'class-cancelled',
          title: 'Clase cancelada',
          body: 'El estudio canceló tu clase.',
          read: false,
          reference: { type: 'single_class', id: 1 },
          createdAt: new Date(),
        });
      return { method: 'PUT', path: `/api/notifications/${id}/read`, body: {} };
    },
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 404,
  },
  {
    route: 'GET /api/calendar/feed',
    call: () => ({ method: 'GET', path: '/api/calendar/feed' }),
    anonymous: 401,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'POST /api/calendar/feed/rotate',
    call: () => ({ method: 'POST', path: '/api/calendar/feed/rotate', body: {} }),
    anonymous: 401,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'GET /api/calendar/{token}.ics',
    call: async (ctx) => {
      const feed = await api<{ url: string }>('GET', '/api/calendar/feed', { token: ctx.owner.token });
      if (feed.status !== 200) throw new Error(`setup feed: ${feed.status} ${JSON.stringify(feed.body)}`);
      return { method: 'GET', path: new URL(feed.body.url).pathname };
    },
    anonymous: 200,
    customer: 200,
    other: 200,
    admin: 200,
  },
];
