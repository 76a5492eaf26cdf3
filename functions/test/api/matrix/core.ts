import { api, uniqueEmail, uniquePhone } from '../support';
import type { MatrixRow } from './types';

let slugCounter = 0;
const uniqueSlug = () => `matriz-${Date.now().toString(36)}-${slugCounter++}`;

/** Config, customers, pages and accepted pages (the walking skeleton). */
export const coreRows: MatrixRow[] = [
  { route: 'GET /api/appconfig', call: () => ({ method: 'GET', path: '/api/appconfig' }), anonymous: 200, customer: 200, other: 200, admin: 200 },
  {
    route: 'PUT /api/appconfig',
    call: () => ({ method: 'PUT', path: '/api/appconfig', body: { entries: [{ key: 'tagline', value: 'Entrena con ritmo, vive con energía.' }] } }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'POST /api/customer/signup',
    call: ({ owner }) => ({
      method: 'POST',
      path: '/api/customer/signup',
      body: { uid: owner.uid, name: 'X', last_name: 'Y', phone: owner.phone, accepted_pages: [1, 2] },
    }),
    anonymous: 401,
    customer: 409,
    other: 403,
    admin: 403,
  },
  {
    // A customer created at the front desk: fresh e-mail and phone each call, so only the role decides.
    route: 'POST /api/customer',
    call: () => ({
      method: 'POST',
      path: '/api/customer',
      body: { name: 'Mostrador', last_name: 'Prueba', email: uniqueEmail('mostrador'), phone: uniquePhone() },
    }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 201,
  },
  { route: 'GET /api/customer', call: () => ({ method: 'GET', path: '/api/customer' }), anonymous: 401, customer: 200, other: 200, admin: 200 },
  {
    route: 'PUT /api/customer',
    call: ({ owner }) => ({
      method: 'PUT',
      path: '/api/customer',
      body: { customer_id: owner.customerId, name: 'Prueba', last_name: 'Cliente', phone: owner.phone },
    }),
    anonymous: 401,
    customer: 200,
    other: 403,
    admin: 200,
  },
  {
    // The caller's own answers: "other" saves their own too; the seeded required field is answered.
    route: 'PUT /api/customer/custom_values',
    call: () => ({ method: 'PUT', path: '/api/customer/custom_values', body: { values: { emergency_contact: 'Luis 5512345678' } } }),
    anonymous: 401,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'GET /api/customer/phone',
    call: ({ owner }) => ({ method: 'GET', path: `/api/customer/phone?phone=${owner.phone}` }),
    anonymous: 200,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'POST /api/customer/recover',
    call: () => ({ method: 'POST', path: '/api/customer/recover', body: { email: uniqueEmail('matriz') } }),
    anonymous: 200,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'GET /api/customer/admin/all',
    call: () => ({ method: 'GET', path: '/api/customer/admin/all?query=prueba' }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'GET /api/customer/admin/{id}',
    call: ({ owner }) => ({ method: 'GET', path: `/api/customer/admin/${owner.customerId}` }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'GET /api/customer/admin/{id}/purchases',
    call: ({ owner }) => ({ method: 'GET', path: `/api/customer/admin/${owner.customerId}/purchases` }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'GET /api/customer/admin/{id}/reservations',
    call: ({ owner }) => ({ method: 'GET', path: `/api/customer/admin/${owner.customerId}/reservations` }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'GET /api/customer/admin/{id}/waitlists',
    call: ({ owner }) => ({ method: 'GET', path: `/api/customer/admin/${owner.customerId}/waitlists` }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'GET /api/customer/query',
    call: () => ({ method: 'GET', path: '/api/customer/query?query=prueba' }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  { route: 'GET /api/pages', call: () => ({ method: 'GET', path: '/api/pages' }), anonymous: 200, customer: 200, other: 200, admin: 200 },
  {
    route: 'GET /api/pages/{slug}',
    call: () => ({ method: 'GET', path: '/api/pages/terminos-y-condiciones' }),
    anonymous: 200,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'POST /api/pages',
    call: () => ({ method: 'POST', path: '/api/pages', body: { title: 'Matriz', slug: uniqueSlug() } }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 201,
  },
  {
    route: 'PUT /api/pages',
    call: () => ({
      method: 'PUT',
      path: '/api/pages',
      body: {
        page_id: 3,
        title: 'Políticas de Cancelación',
        slug: 'politicas-de-cancelacion',
        content: '<p>Puedes cancelar sin costo hasta 12 horas antes de tu clase.</p>',
      },
    }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'DELETE /api/pages/{id}',
    call: async ({ adminToken }) => {
      const created = await api<{ page: { page_id: number } }>('POST', '/api/pages', { token: adminToken, body: { title: 'Borrable', slug: uniqueSlug() } });
      return { method: 'DELETE', path: `/api/pages/${created.body.page.page_id}` };
    },
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 204,
  },
  { route: 'GET /api/accepted_pages', call: () => ({ method: 'GET', path: '/api/accepted_pages' }), anonymous: 401, customer: 200, other: 200, admin: 200 },
  {
    route: 'POST /api/accepted_pages',
    call: ({ owner }) => ({ method: 'POST', path: '/api/accepted_pages', body: { page_id: 3, customer_id: owner.customerId } }),
    anonymous: 401,
    customer: 201,
    other: 403,
    admin: 201,
  },
  // The sent e-mail list (docs/mail): admins only; a missing id is the admin's 404.
  { route: 'GET /api/mail', call: () => ({ method: 'GET', path: '/api/mail?page=1' }), anonymous: 401, customer: 403, other: 403, admin: 200 },
  { route: 'GET /api/mail/{id}', call: () => ({ method: 'GET', path: '/api/mail/matriz-no-existe' }), anonymous: 401, customer: 403, other: 403, admin: 404 },
  {
    route: 'GET /api/dashboard',
    call: () => ({ method: 'GET', path: '/api/dashboard?start_date=2026-01-01&end_date=2026-01-31' }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'GET /api/dashboard (bad period)',
    call: () => ({ method: 'GET', path: '/api/dashboard?start_date=2026-02-01&end_date=2026-01-01' }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 400,
  },
];
