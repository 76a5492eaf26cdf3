import { api } from '../support';
import type { MatrixContext, MatrixRow } from './types';

/** A pending cash purchase of the owner (package 2; a retry answers the same pending one). */
async function pendingCash(ctx: MatrixContext): Promise<number> {
  const response = await api<{ purchase_id: number }>('POST', '/api/checkout/attempt', {
    token: ctx.owner.token,
    body: { class_package_id: 2, payment_method: 'cash' },
  });
  if (response.status !== 201 && response.status !== 200) throw new Error(`setup attempt: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.purchase_id;
}

/** A paid cash purchase of the owner (confirmed by the admin). */
async function paidCash(ctx: MatrixContext): Promise<number> {
  const id = await pendingCash(ctx);
  const confirmed = await api('PUT', `/api/purchases/${id}/confirm`, { token: ctx.adminToken, body: {} });
  if (confirmed.status !== 200) throw new Error(`setup confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return id;
}

const everyone = { anonymous: 401, customer: 200, other: 200, admin: 200 };
const adminOnly = { anonymous: 401, customer: 403, other: 403 };

/** Checkout, purchases, invoices, saved cards and the processors' notices (docs/payments). */
export const paymentsRows: MatrixRow[] = [
  { route: 'GET /checkout/quote', call: () => ({ method: 'GET', path: '/api/checkout/quote?class_package_id=2' }), ...everyone, anonymous: 200 },
  {
    route: 'POST /checkout (saved card)',
    call: (ctx) => ({ method: 'POST', path: '/api/checkout', body: { class_package_id: 2, customer_id: ctx.owner.customerId } }),
    anonymous: 401,
    customer: 412,
    other: 403,
    admin: 412,
  },
  { route: 'GET /purchases', call: () => ({ method: 'GET', path: '/api/purchases' }), ...everyone },
  {
    route: 'GET /purchases/{id}',
    call: async (ctx) => ({ method: 'GET', path: `/api/purchases/${await pendingCash(ctx)}` }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 200,
  },
  { route: 'GET /purchases/admin/all', call: () => ({ method: 'GET', path: '/api/purchases/admin/all?status=pending' }), ...adminOnly, admin: 200 },
  {
    route: 'PUT /purchases/{id}/confirm',
    call: async (ctx) => ({ method: 'PUT', path: `/api/purchases/${await pendingCash(ctx)}/confirm`, body: {} }),
    ...adminOnly,
    admin: 200,
  },
  {
    route: 'PUT /purchases/{id}/reject',
    call: async (ctx) => ({ method: 'PUT', path: `/api/purchases/${await pendingCash(ctx)}/reject`, body: {} }),
    ...adminOnly,
    admin: 200,
  },
  {
    route: 'POST /purchases/{id}/refund',
    call: async (ctx) => ({ method: 'POST', path: `/api/purchases/${await paidCash(ctx)}/refund`, body: {} }),
    ...adminOnly,
    admin: 200,
  },
  {
    route: 'POST /purchases/cancel/{id}',
    call: async (ctx) => ({ method: 'POST', path: `/api/purchases/cancel/${await pendingCash(ctx)}`, body: { reason: 'Prueba de permisos' } }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 404,
  },
  { route: 'GET /invoices', call: () => ({ method: 'GET', path: '/api/invoices' }), ...everyone },
  { route: 'GET /metodosPago', call: () => ({ method: 'GET', path: '/api/metodosPago' }), ...everyone },
  { route: 'GET /payment_sources', call: () => ({ method: 'GET', path: '/api/payment_sources' }), ...everyone },
  {
    route: 'DELETE /payment_sources/{id}',
    call: () => ({ method: 'DELETE', path: '/api/payment_sources/pm_de_nadie' }),
    anonymous: 401,
    customer: 404,
    other: 404,
    admin: 404,
  },
  {
    route: 'POST /webhooks/stripe (unsigned)',
    call: () => ({ method: 'POST', path: '/api/webhooks/stripe', body: { id: 'evt_x', type: 'payment_intent.succeeded' } }),
    anonymous: 400,
    customer: 400,
    other: 400,
    admin: 400,
  },
];
