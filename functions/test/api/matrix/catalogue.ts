import { api } from '../support';
import type { MatrixContext, MatrixCustomer, MatrixRow } from './types';

let serial = 0;
/** Unique per call, for fields the API keeps unique (category handles, custom field keys). */
const unique = () => `${Date.now().toString(36)}${serial++}`;

interface CatalogueRoutes {
  /** /api/<resource> */
  path: string;
  one: string;
  idField: string;
  create: () => Record<string, unknown>;
  update: () => Record<string, unknown>;
}

/** Creates a record as admin and answers its id, so writes never touch the demo data. */
async function created(ctx: MatrixContext, r: CatalogueRoutes): Promise<number> {
  const response = await api<Record<string, Record<string, number>>>('POST', r.path, { token: ctx.adminToken, body: r.create() });
  const id = response.body[r.one]?.[r.idField];
  if (response.status !== 201 || id === undefined) throw new Error(`setup ${r.path}: ${response.status} ${JSON.stringify(response.body)}`);
  return id;
}

/** Public reads, admin writes: the five routes every catalogue resource has. */
function crudRows(r: CatalogueRoutes): MatrixRow[] {
  return [
    { route: `GET ${r.path}`, call: () => ({ method: 'GET', path: r.path }), anonymous: 200, customer: 200, other: 200, admin: 200 },
    {
      route: `GET ${r.path}/{id}`,
      call: async (ctx) => ({ method: 'GET', path: `${r.path}/${await created(ctx, r)}` }),
      anonymous: 200,
      customer: 200,
      other: 200,
      admin: 200,
    },
    { route: `POST ${r.path}`, call: () => ({ method: 'POST', path: r.path, body: r.create() }), anonymous: 401, customer: 403, other: 403, admin: 201 },
    {
      route: `PUT ${r.path}`,
      call: async (ctx) => ({ method: 'PUT', path: r.path, body: { ...r.update(), [r.idField]: await created(ctx, r) } }),
      anonymous: 401,
      customer: 403,
      other: 403,
      admin: 200,
    },
    {
      route: `DELETE ${r.path}/{id}`,
      call: async (ctx) => ({ method: 'DELETE', path: `${r.path}/${await created(ctx, r)}` }),
      anonymous: 401,
      customer: 403,
      other: 403,
      admin: 204,
    },
  ];
}

const resources: CatalogueRoutes[] = [
  {
    path: '/api/locations',
    one: 'location',
    idField: 'location_id',
    create: () => ({ name: 'Matriz Polanco', address: 'Masaryk 101' }),
    update: () => ({ name: 'Matriz Polanco Centro' }),
  },
  {
    path: '/api/class_types',
    one: 'class_type',
    idField: 'class_type_id',
    create: () => ({ name: 'Matriz Cycling', spot_map: '3,3' }),
    update: () => ({ name: 'Matriz Cycling', spot_map: '4,4' }),
  },
  {
    path: '/api/class_categories',
    one: 'class_category',
    idField: 'class_category_id',
    create: () => ({ class_category_id: 'nueva', name: `Matriz ${unique()}` }),
    update: () => ({ name: `Matriz ${unique()}`, available: false }),
  },
  {
    path: '/api/instructors',
    one: 'instructor',
    idField: 'instructor_id',
    create: () => ({ name: 'Matriz', last_name: 'Coach' }),
    update: () => ({ name: 'Matriz', home: false }),
  },
  {
    path: '/api/tags',
    one: 'tag',
    idField: 'tag_id',
    create: () => ({ name: 'Matriz', color: '#123456' }),
    update: () => ({ name: 'Matriz 2', color: '#654321' }),
  },
  {
    path: '/api/announcements',
    one: 'announcement',
    idField: 'announcement_id',
    create: () => ({ title: 'Matriz', content: 'Aviso de prueba.' }),
    update: () => ({ title: 'Matriz', content: 'Aviso corregido.' }),
  },
  {
    path: '/api/payment_methods',
    one: 'payment_method',
    idField: 'payment_method_id',
    create: () => ({ name: 'Matriz vales' }),
    update: () => ({ name: 'Matriz vales de despensa' }),
  },
  { path: '/api/programs', one: 'program', idField: 'program_id', create: () => ({ name: 'Matriz programa' }), update: () => ({ name: 'Matriz programa 2' }) },
  {
    path: '/api/video_types',
    one: 'video_type',
    idField: 'video_type_id',
    create: () => ({ name: 'Matriz video' }),
    update: () => ({ name: 'Matriz video 2' }),
  },
  {
    path: '/api/forms',
    one: 'form',
    idField: 'form_id',
    create: () => ({ name: 'Matriz', form_fields: [{ key: 'goal', label: 'Objetivo', type: 'text' }] }),
    update: () => ({ name: 'Matriz', form_fields: [{ key: 'goal', label: 'Tu objetivo', type: 'text', required: true }] }),
  },
  {
    path: '/api/custom_fields',
    one: 'custom_field',
    idField: 'custom_field_id',
    create: () => ({ key: `matriz_${unique()}`, label: 'Matriz', type: 'text', object: 'purchase' }),
    update: () => ({ key: `matriz_${unique()}`, label: 'Matriz', type: 'text', object: 'purchase', required: true }),
  },
];

const address = { street: 'Francisco Sosa', number: '45', city: 'Ciudad de México', state: 'CDMX', country: 'México', zip_code: '04010' };

async function ownerAddress(owner: MatrixCustomer): Promise<number> {
  const response = await api<{ address: { address_id: number } }>('POST', '/api/addresses', { token: owner.token, body: address });
  if (response.status !== 201) throw new Error(`setup address: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.address.address_id;
}

/** One address per owner for the read and update rows (the address book holds 10). */
const sharedAddress = new Map<number, Promise<number>>();
const readableAddress = (owner: MatrixCustomer) => {
  if (!sharedAddress.has(owner.customerId)) sharedAddress.set(owner.customerId, ownerAddress(owner));
  return sharedAddress.get(owner.customerId) as Promise<number>;
};

/** Authorization rows of the catalogue area. */
export const catalogueRows: MatrixRow[] = [
  ...resources.flatMap(crudRows),
  {
    route: 'GET /api/class_categories/available',
    call: () => ({ method: 'GET', path: '/api/class_categories/available' }),
    anonymous: 200,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'GET /api/instructors/home/all',
    call: () => ({ method: 'GET', path: '/api/instructors/home/all' }),
    anonymous: 200,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'GET /api/custom_fields?object',
    call: () => ({ method: 'GET', path: '/api/custom_fields?object=customer' }),
    anonymous: 200,
    customer: 200,
    other: 200,
    admin: 200,
  },
  { route: 'GET /api/addresses', call: () => ({ method: 'GET', path: '/api/addresses' }), anonymous: 401, customer: 200, other: 200, admin: 200 },
  {
    route: 'GET /api/addresses?customer_id',
    call: ({ owner }) => ({ method: 'GET', path: `/api/addresses?customer_id=${owner.customerId}` }),
    anonymous: 401,
    customer: 200,
    other: 403,
    admin: 200,
  },
  {
    route: 'GET /api/addresses/{id}',
    call: async ({ owner }) => ({ method: 'GET', path: `/api/addresses/${await readableAddress(owner)}` }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 200,
  },
  {
    route: 'POST /api/addresses',
    call: () => ({ method: 'POST', path: '/api/addresses', body: address }),
    anonymous: 401,
    customer: 201,
    other: 201,
    admin: 201,
  },
  {
    route: 'PUT /api/addresses',
    call: async ({ owner }) => ({
      method: 'PUT',
      path: '/api/addresses',
      body: { ...address, address_id: await readableAddress(owner), interior_number: '2' },
    }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 404,
  },
  {
    route: 'DELETE /api/addresses/{id}',
    call: async ({ owner }) => ({ method: 'DELETE', path: `/api/addresses/${await ownerAddress(owner)}` }),
    anonymous: 401,
    customer: 204,
    other: 404,
    admin: 404,
  },
];
