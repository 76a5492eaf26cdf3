import { api } from '../support';
import type { MatrixRow } from './types';

let codeCounter = 0;
const uniqueCode = () => `MATRIZ${Date.now().toString(36).toUpperCase()}${codeCounter++}`;

const newPackage = async (adminToken: string) => {
  const created = await api<{ class_package: { class_package_id: number } }>('POST', '/api/class_packages', {
    token: adminToken,
    body: { title: 'Borrable', price: 100, class_amount: 1 },
  });
  return created.body.class_package.class_package_id;
};

const publicRead = (route: string, path: string): MatrixRow => ({
  route,
  call: () => ({ method: 'GET', path }),
  anonymous: 200,
  customer: 200,
  other: 200,
  admin: 200,
});
const adminOnly = { anonymous: 401, customer: 403, other: 403 } as const;

/** Authorization rows of the packages area (seed: package 3 is a one-off, 9 a special event; discount 1 is BIENVENIDA15). */
export const packagesRows: MatrixRow[] = [
  publicRead('GET /api/class_packages', '/api/class_packages'),
  publicRead('GET /api/class_packages/online/all', '/api/class_packages/online/all'),
  publicRead('GET /api/class_packages/online/home', '/api/class_packages/online/home'),
  publicRead('GET /api/class_packages/presenciales/all', '/api/class_packages/presenciales/all'),
  publicRead('GET /api/class_packages/presenciales/home', '/api/class_packages/presenciales/home'),
  publicRead('GET /api/class_packages/especiales/all', '/api/class_packages/especiales/all'),
  publicRead('GET /api/class_packages/especiales/home', '/api/class_packages/especiales/home'),
  publicRead('GET /api/class_packages/{id}', '/api/class_packages/3'),
  { route: 'GET /api/class_packages/admin/all', call: () => ({ method: 'GET', path: '/api/class_packages/admin/all' }), ...adminOnly, admin: 200 },
  {
    route: 'GET /api/class_packages/especiales/{id}/asistentes',
    call: () => ({ method: 'GET', path: '/api/class_packages/especiales/9/asistentes' }),
    ...adminOnly,
    admin: 200,
  },
  {
    route: 'POST /api/class_packages',
    call: () => ({ method: 'POST', path: '/api/class_packages', body: { title: 'Matriz', price: 100, class_amount: 1, status: 'inactive' } }),
    ...adminOnly,
    admin: 201,
  },
  {
    route: 'PUT /api/class_packages',
    call: () => ({ method: 'PUT', path: '/api/class_packages', body: { class_package_id: 3, title: 'Paquete 5 Clases' } }),
    ...adminOnly,
    admin: 200,
  },
  {
    route: 'DELETE /api/class_packages/{id}',
    call: async ({ adminToken }) => ({ method: 'DELETE', path: `/api/class_packages/${await newPackage(adminToken)}` }),
    ...adminOnly,
    admin: 204,
  },
  { route: 'POST /api/class_packages/{id}/home', call: () => ({ method: 'POST', path: '/api/class_packages/4/home' }), ...adminOnly, admin: 200 },
  { route: 'DELETE /api/class_packages/{id}/home', call: () => ({ method: 'DELETE', path: '/api/class_packages/2/home' }), ...adminOnly, admin: 204 },
  { route: 'GET /api/discounts/admin/all', call: () => ({ method: 'GET', path: '/api/discounts/admin/all' }), ...adminOnly, admin: 200 },
  {
    route: 'GET /api/discounts/code/{code}',
    call: () => ({ method: 'GET', path: '/api/discounts/code/bienvenida15?class_package_id=3' }),
    anonymous: 401,
    customer: 200,
    other: 200,
    admin: 200,
  },
  { route: 'GET /api/discounts/{id}', call: () => ({ method: 'GET', path: '/api/discounts/1' }), ...adminOnly, admin: 200 },
  {
    route: 'POST /api/discounts',
    call: () => ({ method: 'POST', path: '/api/discounts', body: { code: uniqueCode(), is_percent: true, amount: 10 } }),
    ...adminOnly,
    admin: 201,
  },
  { route: 'PUT /api/discounts', call: () => ({ method: 'PUT', path: '/api/discounts', body: { discount_id: 1, amount: 15 } }), ...adminOnly, admin: 200 },
  {
    route: 'DELETE /api/discounts/{id}',
    call: async ({ adminToken }) => {
      const created = await api<{ discount: { discount_id: number } }>('POST', '/api/discounts', {
        token: adminToken,
        body: { code: uniqueCode(), is_percent: false, amount: 50 },
      });
      return { method: 'DELETE', path: `/api/discounts/${created.body.discount.discount_id}` };
    },
    ...adminOnly,
    admin: 204,
  },
];
