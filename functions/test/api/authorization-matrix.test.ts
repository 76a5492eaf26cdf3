/**
 * Who may call what: one row per route, one column per kind of caller. Every
 * new route adds its row here. "customer" acts on their own resources;
 * "other" is a second customer acting on the first one's resources.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newCustomer, seed, signIn, store, uniqueEmail } from './support';

type Customer = Awaited<ReturnType<typeof newCustomer>>;
interface Ctx {
  owner: Customer;
  adminToken: string;
}
interface Call {
  method: string;
  path: string;
  body?: unknown;
}
interface Row {
  route: string;
  call: (ctx: Ctx) => Call | Promise<Call>;
  anonymous: number;
  customer: number;
  other: number;
  admin: number;
}

let slugCounter = 0;
const uniqueSlug = () => `matriz-${Date.now().toString(36)}-${slugCounter++}`;

export const matrix: Row[] = [
  { route: 'GET /api/appconfig', call: () => ({ method: 'GET', path: '/api/appconfig' }), anonymous: 200, customer: 200, other: 200, admin: 200 },
  { route: 'PUT /api/appconfig', call: () => ({ method: 'PUT', path: '/api/appconfig', body: { entries: [{ key: 'tagline', value: 'Entrena con ritmo, vive con energía.' }] } }), anonymous: 401, customer: 403, other: 403, admin: 200 },
  { route: 'POST /api/customer/signup', call: ({ owner }) => ({ method: 'POST', path: '/api/customer/signup', body: { uid: owner.uid, name: 'X', last_name: 'Y', phone: owner.phone, accepted_pages: [1, 2] } }), anonymous: 401, customer: 409, other: 403, admin: 403 },
  { route: 'GET /api/customer', call: () => ({ method: 'GET', path: '/api/customer' }), anonymous: 401, customer: 200, other: 200, admin: 200 },
  { route: 'PUT /api/customer', call: ({ owner }) => ({ method: 'PUT', path: '/api/customer', body: { customer_id: owner.customerId, name: 'Prueba', last_name: 'Cliente', phone: owner.phone } }), anonymous: 401, customer: 200, other: 403, admin: 200 },
  { route: 'GET /api/customer/phone', call: ({ owner }) => ({ method: 'GET', path: `/api/customer/phone?phone=${owner.phone}` }), anonymous: 200, customer: 200, other: 200, admin: 200 },
  { route: 'POST /api/customer/recover', call: () => ({ method: 'POST', path: '/api/customer/recover', body: { email: uniqueEmail('matriz') } }), anonymous: 200, customer: 200, other: 200, admin: 200 },
  { route: 'GET /api/customer/admin/all', call: () => ({ method: 'GET', path: '/api/customer/admin/all?query=prueba' }), anonymous: 401, customer: 403, other: 403, admin: 200 },
  { route: 'GET /api/customer/admin/{id}', call: ({ owner }) => ({ method: 'GET', path: `/api/customer/admin/${owner.customerId}` }), anonymous: 401, customer: 403, other: 403, admin: 200 },
  { route: 'GET /api/customer/query', call: () => ({ method: 'GET', path: '/api/customer/query?query=prueba' }), anonymous: 401, customer: 403, other: 403, admin: 200 },
  { route: 'GET /api/pages', call: () => ({ method: 'GET', path: '/api/pages' }), anonymous: 200, customer: 200, other: 200, admin: 200 },
  { route: 'GET /api/pages/{slug}', call: () => ({ method: 'GET', path: '/api/pages/terminos-y-condiciones' }), anonymous: 200, customer: 200, other: 200, admin: 200 },
  { route: 'POST /api/pages', call: () => ({ method: 'POST', path: '/api/pages', body: { title: 'Matriz', slug: uniqueSlug() } }), anonymous: 401, customer: 403, other: 403, admin: 201 },
  {
    route: 'PUT /api/pages',
    call: () => ({ method: 'PUT', path: '/api/pages', body: { page_id: 3, title: 'Políticas de Cancelación', slug: 'politicas-de-cancelacion', content: '<p>Puedes cancelar sin costo hasta 12 horas antes de tu clase.</p>' } }),
    anonymous: 401, customer: 403, other: 403, admin: 200,
  },
  {
    route: 'DELETE /api/pages/{id}',
    call: async ({ adminToken }) => {
      const created = await api<{ page: { page_id: number } }>('POST', '/api/pages', { token: adminToken, body: { title: 'Borrable', slug: uniqueSlug() } });
      return { method: 'DELETE', path: `/api/pages/${created.body.page.page_id}` };
    },
    anonymous: 401, customer: 403, other: 403, admin: 204,
  },
  { route: 'GET /api/accepted_pages', call: () => ({ method: 'GET', path: '/api/accepted_pages' }), anonymous: 401, customer: 200, other: 200, admin: 200 },
  { route: 'POST /api/accepted_pages', call: ({ owner }) => ({ method: 'POST', path: '/api/accepted_pages', body: { page_id: 3, customer_id: owner.customerId } }), anonymous: 401, customer: 201, other: 403, admin: 201 },
];

let ctx: Ctx;
let tokens: Record<'anonymous' | 'customer' | 'other' | 'admin', string | undefined>;

beforeAll(async () => {
  const owner = await newCustomer();
  const other = await newCustomer();
  const admin = await signIn(seed.admin.email, seed.admin.password);
  ctx = { owner, adminToken: admin.token };
  tokens = { anonymous: undefined, customer: owner.token, other: other.token, admin: admin.token };
});

afterAll(async () => {
  await store().close();
});

describe('authorization matrix', () => {
  for (const row of matrix) {
    for (const caller of ['anonymous', 'customer', 'other', 'admin'] as const) {
      it(`${row.route} as ${caller} → ${row[caller]}`, async () => {
        const call = await row.call(ctx);
        const token = tokens[caller];
        const response = await api(call.method, call.path, { ...(token ? { token } : {}), ...(call.body !== undefined ? { body: call.body } : {}) });
        expect(response.status, JSON.stringify(response.body)).toBe(row[caller]);
      });
    }
  }

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await api<{ error: { code: string; message: string } }>('GET', '/api/no-existe');
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe('Ruta no encontrada.');
  });
});
