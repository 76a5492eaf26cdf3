import { api, newCustomer } from '../support';
import type { MatrixCall, MatrixContext, MatrixRow } from './types';

async function credit(ctx: MatrixContext, customerId: number): Promise<void> {
  const lot = await api('POST', '/api/available_classes', { token: ctx.adminToken, body: { customer_id: customerId, available_classes: 1 } });
  if (lot.status !== 201) throw new Error(`setup credit: ${lot.status} ${JSON.stringify(lot.body)}`);
}

/** A fresh one-seat class a year ahead, filled by a third customer, and one credit for the owner: a class the owner can wait for. */
async function fullClass(ctx: MatrixContext): Promise<number> {
  const created = await api<{ single_class: { single_class_id: number } }>('POST', '/api/single_class', {
    token: ctx.adminToken,
    body: { date: '2027-12-09', start_time: '09:00', duration_minutes: 50, capacity: 1, class_type_id: 2, location_id: 1, instructor_ids: [3] },
  });
  if (created.status !== 201) throw new Error(`setup class: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.single_class.single_class_id;
  const filler = await newCustomer();
  await credit(ctx, filler.customerId);
  const booked = await api('POST', '/api/class_reservations', { token: filler.token, body: { single_class_id: id } });
  if (booked.status !== 201) throw new Error(`setup booking: ${booked.status} ${JSON.stringify(booked.body)}`);
  await credit(ctx, ctx.owner.customerId);
  return id;
}

/** The owner's place in a full class's line. */
async function ownersEntry(ctx: MatrixContext): Promise<number> {
  const joined = await api<{ waitlist: { waitlist_id: number } }>('POST', '/api/waitlist', {
    token: ctx.owner.token,
    body: { single_class_id: await fullClass(ctx) },
  });
  if (joined.status !== 201) throw new Error(`setup waitlist: ${joined.status} ${JSON.stringify(joined.body)}`);
  return joined.body.waitlist.waitlist_id;
}

/**
 * Waitlist entries are their owner's: another customer gets 404 for someone
 * else's (ids reveal nothing); an admin may read, re-queue and remove any
 * entry. Joining needs the caller's own credit: "other" has none (412), the
 * admin no customer record (412).
 */
export const waitlistRows: MatrixRow[] = [
  {
    route: 'GET /api/waitlist',
    call: () => ({ method: 'GET', path: '/api/waitlist' }),
    anonymous: 401,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'POST /api/waitlist',
    call: async (ctx): Promise<MatrixCall> => ({ method: 'POST', path: '/api/waitlist', body: { single_class_id: await fullClass(ctx) } }),
    anonymous: 401,
    customer: 201,
    other: 412,
    admin: 412,
  },
  {
    route: 'GET /api/waitlist/{id}',
    call: async (ctx): Promise<MatrixCall> => ({ method: 'GET', path: `/api/waitlist/${await ownersEntry(ctx)}` }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 200,
  },
  {
    route: 'PUT /api/waitlist',
    call: async (ctx): Promise<MatrixCall> => ({ method: 'PUT', path: '/api/waitlist', body: { waitlist_id: await ownersEntry(ctx) } }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 200,
  },
  {
    route: 'DELETE /api/waitlist/{id}',
    call: async (ctx): Promise<MatrixCall> => ({ method: 'DELETE', path: `/api/waitlist/${await ownersEntry(ctx)}` }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 200,
  },
];
