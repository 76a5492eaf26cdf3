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

let downloadable: Promise<number> | undefined;
/** The owner's purchase of a downloadable package (an outside link), made once; the package is then archived, off every list. */
function downloadablePurchase(ctx: MatrixContext): Promise<number> {
  downloadable ??= (async () => {
    const created = await api<{ class_package: { class_package_id: number } }>('POST', '/api/class_packages', {
      token: ctx.adminToken,
      body: {
        title: 'Matriz descargable',
        price: 100,
        class_amount: 1,
        expiration_days: 30,
        downloadable: true,
        file_url: 'https://material.example.com/matriz.pdf',
      },
    });
    if (created.status !== 201) throw new Error(`setup package: ${created.status} ${JSON.stringify(created.body)}`);
    const packageId = created.body.class_package.class_package_id;
    const granted = await api<{ purchase: { purchase_id: number } }>('POST', '/api/customer/giveAccess', {
      token: ctx.adminToken,
      body: { customer_id: ctx.owner.customerId, class_package_id: packageId, is_gift: false, payment_method_id: 2, bill: false },
    });
    if (granted.status !== 201) throw new Error(`setup grant: ${granted.status} ${JSON.stringify(granted.body)}`);
    await api('DELETE', `/api/class_packages/${packageId}`, { token: ctx.adminToken });
    return granted.body.purchase.purchase_id;
  })();
  return downloadable;
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
    route: 'GET /purchases/{id}/download',
    call: async (ctx) => ({ method: 'GET', path: `/api/purchases/${await downloadablePurchase(ctx)}/download` }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 200,
  },
  {
    // An outside link has no bytes here: 404 for the buyer too (an uploaded material's are in package-download.test.ts).
    route: 'GET /purchases/{id}/download/file',
    call: async (ctx) => ({ method: 'GET', path: `/api/purchases/${await downloadablePurchase(ctx)}/download/file` }),
    anonymous: 401,
    customer: 404,
    other: 404,
    admin: 404,
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
