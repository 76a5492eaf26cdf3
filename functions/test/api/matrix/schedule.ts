import { api } from '../support';
import type { MatrixCall, MatrixRow } from './types';

/** A yoga class next December at Roma; the admin creates one per row so rows never depend on each other. */
const what = { start_time: '07:00', duration_minutes: 50, capacity: 12, class_type_id: 2, location_id: 1, instructor_ids: [3] };
const newClass = { ...what, date: '2027-12-06' };

async function createdClassId(adminToken: string): Promise<number> {
  const created = await api<{ single_class: { single_class_id: number } }>('POST', '/api/single_class', { token: adminToken, body: newClass });
  if (created.status !== 201) throw new Error(`setup: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.single_class.single_class_id;
}

/** Authorization rows of the schedule area: reads are public, every write is the admin's. */
export const scheduleRows: MatrixRow[] = [
  {
    route: 'GET /api/single_class',
    call: () => ({ method: 'GET', path: '/api/single_class?start_date=2027-12-06&end_date=2027-12-12' }),
    anonymous: 200,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'GET /api/single_class/single/{id}',
    call: () => ({ method: 'GET', path: '/api/single_class/single/1' }),
    anonymous: 200,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'POST /api/single_class',
    call: () => ({ method: 'POST', path: '/api/single_class', body: newClass }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 201,
  },
  {
    route: 'POST /api/single_class/series',
    call: () => ({ method: 'POST', path: '/api/single_class/series', body: { ...what, weekdays: [2], first_date: '2027-12-07', count: 2 } }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 201,
  },
  {
    route: 'PUT /api/single_class',
    call: async ({ adminToken }): Promise<MatrixCall> => ({
      method: 'PUT',
      path: '/api/single_class',
      body: { single_class_id: await createdClassId(adminToken), capacity: 10 },
    }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'POST /api/single_class/{id}/cancel',
    call: async ({ adminToken }): Promise<MatrixCall> => ({
      method: 'POST',
      path: `/api/single_class/${await createdClassId(adminToken)}/cancel`,
      body: { reason: 'Matriz' },
    }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
];
