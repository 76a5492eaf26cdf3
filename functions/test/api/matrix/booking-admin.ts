import { checkInCode } from '../../../src/services/booking/check-in-code';
import { api, newCustomer, store } from '../support';
import type { MatrixCall, MatrixContext, MatrixRow } from './types';

/** A class a year ahead, created by the admin per row (check-in is not open for it yet). */
async function adminClass(ctx: MatrixContext): Promise<number> {
  const created = await api<{ single_class: { single_class_id: number } }>('POST', '/api/single_class', {
    token: ctx.adminToken,
    body: { date: '2027-12-09', start_time: '09:00', duration_minutes: 50, capacity: 5, class_type_id: 2, location_id: 1, instructor_ids: [3] },
  });
  if (created.status !== 201) throw new Error(`setup class: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.single_class.single_class_id;
}

/** The owner added to a fresh class by the admin, as a courtesy (no credit needed). */
async function ownerInClass(ctx: MatrixContext): Promise<{ singleClassId: number; reservationId: number }> {
  const singleClassId = await adminClass(ctx);
  const added = await api<{ class_reservation: { class_reservation_id: number } }>('POST', `/api/single_class/${singleClassId}/reservations`, {
    token: ctx.adminToken,
    body: { customer_id: ctx.owner.customerId, charge: false },
  });
  if (added.status !== 201) throw new Error(`setup add: ${added.status} ${JSON.stringify(added.body)}`);
  return { singleClassId, reservationId: added.body.class_reservation.class_reservation_id };
}

/**
 * A penalty the admin issues by hand, to the owner (lifted at once, so it
 * never blocks the owner's bookings in other rows) or to a throwaway customer.
 */
async function penaltyFor(ctx: MatrixContext, whose: 'owner' | 'throwaway'): Promise<number> {
  const customerId = whose === 'owner' ? ctx.owner.customerId : (await newCustomer()).customerId;
  const made = await api<{ class_reservation_penalty: { class_reservation_penalty_id: number } }>('POST', '/api/class_reservation_penaltys', {
    token: ctx.adminToken,
    body: { customer_id: customerId, end_date: '2027-12-31' },
  });
  if (made.status !== 201) throw new Error(`setup penalty: ${made.status} ${JSON.stringify(made.body)}`);
  const id = made.body.class_reservation_penalty.class_reservation_penalty_id;
  if (whose === 'owner') {
    const lifted = await api('PUT', '/api/class_reservation_penaltys', { token: ctx.adminToken, body: { class_reservation_penalty_id: id, lifted: true } });
    if (lifted.status !== 200) throw new Error(`setup lift: ${lifted.status} ${JSON.stringify(lifted.body)}`);
  }
  return id;
}

/**
 * The roster, check-in, attendance and adding or removing customers are the
 * admin's alone (customers, even the reservation's owner, get 403). Check-in
 * and attendance answer the admin 409 here: the class is a year ahead, so its
 * check-in is not open (the row is about who may call, not when). Penalties:
 * a customer lists and reads their own (another's is 404); only admins issue,
 * move or lift them. The desk's check-in by code (/api/check_in) is the same:
 * the admin's lookup reads (200), its check-in is 409 for the same reason.
 */
export const bookingAdminRows: MatrixRow[] = [
  {
    route: 'GET /api/single_class/{id}/roster',
    call: async (ctx): Promise<MatrixCall> => ({ method: 'GET', path: `/api/single_class/${(await ownerInClass(ctx)).singleClassId}/roster` }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'POST /api/single_class/{id}/check_in',
    call: async (ctx): Promise<MatrixCall> => {
      const { singleClassId, reservationId } = await ownerInClass(ctx);
      return { method: 'POST', path: `/api/single_class/${singleClassId}/check_in`, body: { class_reservation_id: reservationId } };
    },
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 409,
  },
  {
    route: 'GET /api/check_in/{code}',
    // The code the owner's QR shows, made with the studio's key from the same store the function uses.
    call: async (ctx): Promise<MatrixCall> => ({
      method: 'GET',
      path: `/api/check_in/${await checkInCode({ store: store() }, (await ownerInClass(ctx)).reservationId)}`,
    }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'POST /api/check_in',
    call: async (ctx): Promise<MatrixCall> => ({
      method: 'POST',
      path: '/api/check_in',
      body: { code: await checkInCode({ store: store() }, (await ownerInClass(ctx)).reservationId) },
    }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 409,
  },
  {
    route: 'PUT /api/single_class/{id}/attendance',
    call: async (ctx): Promise<MatrixCall> => {
      const { singleClassId, reservationId } = await ownerInClass(ctx);
      return { method: 'PUT', path: `/api/single_class/${singleClassId}/attendance`, body: { class_reservation_id: reservationId, attend: true } };
    },
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 409,
  },
  {
    route: 'POST /api/single_class/{id}/reservations',
    call: async (ctx): Promise<MatrixCall> => ({
      method: 'POST',
      path: `/api/single_class/${await adminClass(ctx)}/reservations`,
      body: { customer_id: ctx.owner.customerId, charge: false },
    }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 201,
  },
  {
    route: 'DELETE /api/single_class/{id}/reservations/{rid}',
    call: async (ctx): Promise<MatrixCall> => {
      const { singleClassId, reservationId } = await ownerInClass(ctx);
      return { method: 'DELETE', path: `/api/single_class/${singleClassId}/reservations/${reservationId}?refund=false` };
    },
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'GET /api/class_reservation_penaltys',
    call: () => ({ method: 'GET', path: '/api/class_reservation_penaltys' }),
    anonymous: 401,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'GET /api/class_reservation_penaltys/{id}',
    call: async (ctx): Promise<MatrixCall> => ({ method: 'GET', path: `/api/class_reservation_penaltys/${await penaltyFor(ctx, 'owner')}` }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 200,
  },
  {
    route: 'POST /api/class_reservation_penaltys',
    // A throwaway customer: the penalty the admin's call issues must not block the owner elsewhere.
    call: async (): Promise<MatrixCall> => ({
      method: 'POST',
      path: '/api/class_reservation_penaltys',
      body: { customer_id: (await newCustomer()).customerId, end_date: '2027-12-31' },
    }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 201,
  },
  {
    route: 'PUT /api/class_reservation_penaltys',
    call: async (ctx): Promise<MatrixCall> => ({
      method: 'PUT',
      path: '/api/class_reservation_penaltys',
      body: { class_reservation_penalty_id: await penaltyFor(ctx, 'throwaway'), lifted: true },
    }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
];
