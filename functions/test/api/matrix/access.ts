import { api } from '../support';
import type { MatrixContext, MatrixRow } from './types';

/** An admin grant to the matrix's owner; answers the purchase and lot ids. */
async function granted(ctx: MatrixContext, classPackageId: number): Promise<{ purchaseId: number; lotId: number }> {
  const response = await api<{ purchase: { purchase_id: number }; available_classes: Array<{ available_class_id: number }> }>(
    'POST',
    '/api/customer/giveAccess',
    {
      token: ctx.adminToken,
      body: { customer_id: ctx.owner.customerId, class_package_id: classPackageId, payment_method_id: 1 },
    },
  );
  const lotId = response.body.available_classes?.[0]?.available_class_id;
  if (response.status !== 201 || lotId === undefined) throw new Error(`setup giveAccess: ${response.status} ${JSON.stringify(response.body)}`);
  return { purchaseId: response.body.purchase.purchase_id, lotId };
}

async function createdVideo(ctx: MatrixContext): Promise<number> {
  const response = await api<{ video: { video_id: number } }>('POST', '/api/videos', {
    token: ctx.adminToken,
    body: { name: 'Matriz video', url: 'https://player.vimeo.com/video/1' },
  });
  if (response.status !== 201) throw new Error(`setup video: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.video.video_id;
}

/** Reads of videos: the owner gets an online membership first; "other" has none, so gets the spec's 412. */
const videoRead = (route: string, path: string): MatrixRow => ({
  route,
  call: async (ctx) => {
    await granted(ctx, 8);
    return { method: 'GET', path };
  },
  anonymous: 401,
  customer: 200,
  other: 412,
  admin: 200,
});

/**
 * A customer's own marks, favorites and ratings (docs/videos): the owner gets
 * an online membership, each call a fresh video (so every caller is the
 * first to mark it); "other" has no membership, so gets the spec's 412.
 */
const videoMark = (route: string, build: (videoId: number) => { method: string; path: string; body?: unknown }, status: number): MatrixRow => ({
  route,
  call: async (ctx) => {
    await granted(ctx, 8);
    return build(await createdVideo(ctx));
  },
  anonymous: 401,
  customer: status,
  other: 412,
  admin: status,
});

/** Authorization rows of the access area. */
export const accessRows: MatrixRow[] = [
  {
    route: 'POST /api/customer/giveAccess',
    call: ({ owner }) => ({
      method: 'POST',
      path: '/api/customer/giveAccess',
      body: { customer_id: owner.customerId, class_package_id: 4, payment_method_id: 1 },
    }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 201,
  },
  {
    route: 'PUT /api/customer/revokeAccess',
    call: async (ctx) => ({ method: 'PUT', path: '/api/customer/revokeAccess', body: { purchase_id: (await granted(ctx, 4)).purchaseId } }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'PUT /api/customer/removeClasses',
    call: async (ctx) => {
      await granted(ctx, 4);
      return { method: 'PUT', path: '/api/customer/removeClasses', body: { customer_id: ctx.owner.customerId, amount: 1 } };
    },
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'GET /api/customer/admin/{id}/ledger',
    call: ({ owner }) => ({ method: 'GET', path: `/api/customer/admin/${owner.customerId}/ledger` }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'GET /api/available_classes',
    call: () => ({ method: 'GET', path: '/api/available_classes' }),
    anonymous: 401,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'GET /api/available_classes/date/all',
    call: () => ({ method: 'GET', path: '/api/available_classes/date/all?date=2030-01-01' }),
    anonymous: 401,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'GET /api/available_classes/{id}',
    call: async (ctx) => ({ method: 'GET', path: `/api/available_classes/${(await granted(ctx, 4)).lotId}` }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 200,
  },
  {
    route: 'POST /api/available_classes',
    call: ({ owner }) => ({ method: 'POST', path: '/api/available_classes', body: { customer_id: owner.customerId, available_classes: 1, reason: 'Matriz' } }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 201,
  },
  {
    route: 'PUT /api/available_classes',
    call: async (ctx) => ({ method: 'PUT', path: '/api/available_classes', body: { available_class_id: (await granted(ctx, 4)).lotId, available_classes: 5 } }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'DELETE /api/available_classes/{id}',
    call: async (ctx) => ({ method: 'DELETE', path: `/api/available_classes/${(await granted(ctx, 4)).lotId}` }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 204,
  },
  videoRead('GET /api/videos', '/api/videos?page=1'),
  videoRead('GET /api/videos/{id}', '/api/videos/1'),
  videoRead('GET /api/videos/upcoming', '/api/videos/upcoming'),
  videoRead('GET /api/videos/tag/{tag}', '/api/videos/tag/1'),
  videoRead('GET /api/videos/program/{program}', '/api/videos/program/1'),
  {
    route: 'POST /api/videos',
    call: () => ({ method: 'POST', path: '/api/videos', body: { name: 'Matriz video', url: 'https://player.vimeo.com/video/1' } }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 201,
  },
  {
    route: 'PUT /api/videos',
    call: async (ctx) => ({
      method: 'PUT',
      path: '/api/videos',
      body: { video_id: await createdVideo(ctx), name: 'Matriz video 2', url: 'https://player.vimeo.com/video/2' },
    }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'DELETE /api/videos/{id}',
    call: async (ctx) => ({ method: 'DELETE', path: `/api/videos/${await createdVideo(ctx)}` }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 204,
  },
  videoMark('PUT /api/videos/{id}/complete', (id) => ({ method: 'PUT', path: `/api/videos/${id}/complete` }), 200),
  videoMark('PUT /api/videos/{id}/uncomplete', (id) => ({ method: 'PUT', path: `/api/videos/${id}/uncomplete` }), 200),
  videoMark('GET /api/favorites', () => ({ method: 'GET', path: '/api/favorites' }), 200),
  videoMark('POST /api/favorites', (id) => ({ method: 'POST', path: '/api/favorites', body: { video_id: id } }), 201),
  videoMark('DELETE /api/favorites/{id}', (id) => ({ method: 'DELETE', path: `/api/favorites/${id}` }), 204),
  videoMark('POST /api/videos/rating', (id) => ({ method: 'POST', path: '/api/videos/rating', body: { video_id: id, stars: 4 } }), 201),
  videoMark('POST /api/videos/rating/email', (id) => ({ method: 'POST', path: '/api/videos/rating/email', body: { video_id: id } }), 202),
];
