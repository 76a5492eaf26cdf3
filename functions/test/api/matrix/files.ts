import { png } from '../../unit/files/files-fixtures';
import { api, BASE_URL } from '../support';
import type { MatrixRow } from './types';

export interface UploadOptions {
  route?: '/api/files' | '/api/files/s3';
  data?: Record<string, unknown>;
}

/** A multipart upload through Hosting, as the SPA sends it (FormData). */
export async function uploadThroughApi(token: string | undefined, bytes: Buffer, name: string, type: string, options: UploadOptions = {}) {
  const form = new FormData();
  if (options.data) form.set('data', JSON.stringify(options.data));
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${BASE_URL}${options.route ?? '/api/files'}`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // the platform's own error pages are not JSON
  }
  return { status: response.status, body: body as { file_id: number; file: Record<string, unknown>; error?: { code: string; message: string } } };
}

/** Polls the file until the processing trigger has decided (the local dispatcher delivers within a few hundred ms). */
export async function waitForProcessing(fileId: number, token: string): Promise<Record<string, unknown>> {
  for (;;) {
    const response = await api<{ file: Record<string, unknown> }>('GET', `/api/files/${fileId}`, { token });
    if (response.status !== 200) throw new Error(`GET /api/files/${fileId}: ${response.status}`);
    if (response.body.file.status !== 'uploaded') return response.body.file;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ownerFile(token: string): Promise<number> {
  const upload = await uploadThroughApi(token, png(), 'matriz.png', 'image/png');
  if (upload.status !== 201) throw new Error(`upload failed: ${upload.status} ${JSON.stringify(upload.body)}`);
  return upload.body.file_id;
}

async function publicFile(adminToken: string): Promise<number> {
  const fileId = await ownerFile(adminToken);
  await waitForProcessing(fileId, adminToken);
  return fileId;
}

/**
 * Authorization rows of the files area. The owner's files are private
 * customer uploads; public ones are an admin's, processed to 'ready'. Those
 * who may not see a file get 404, not 403, so private files cannot be probed.
 * The matrix sends JSON, so the upload rows prove who is turned away before
 * the body is read (401) and that everyone signed in reaches the route, which
 * then asks for multipart (415); files-access.test.ts runs the same table
 * with real multipart uploads.
 */
export const filesRows: MatrixRow[] = [
  { route: 'GET /api/files', call: () => ({ method: 'GET', path: '/api/files' }), anonymous: 401, customer: 200, other: 200, admin: 200 },
  {
    route: 'GET /api/files/{id} (private)',
    call: async ({ owner }) => ({ method: 'GET', path: `/api/files/${await ownerFile(owner.token)}` }),
    anonymous: 404,
    customer: 200,
    other: 404,
    admin: 200,
  },
  {
    route: 'GET /api/files/{id} (public)',
    call: async ({ adminToken }) => ({ method: 'GET', path: `/api/files/${await publicFile(adminToken)}` }),
    anonymous: 200,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'GET /api/files/raw/{id} (private)',
    call: async ({ owner }) => ({ method: 'GET', path: `/api/files/raw/${await ownerFile(owner.token)}` }),
    anonymous: 404,
    customer: 200,
    other: 404,
    admin: 200,
  },
  {
    route: 'GET /api/files/raw/{id} (public)',
    call: async ({ adminToken }) => ({ method: 'GET', path: `/api/files/raw/${await publicFile(adminToken)}` }),
    anonymous: 200,
    customer: 200,
    other: 200,
    admin: 200,
  },
  {
    route: 'POST /api/files (JSON)',
    call: () => ({ method: 'POST', path: '/api/files', body: { name: 'foto.png' } }),
    anonymous: 401,
    customer: 415,
    other: 415,
    admin: 415,
  },
  {
    route: 'POST /api/files/s3 (JSON)',
    call: () => ({ method: 'POST', path: '/api/files/s3', body: { name: 'foto.png' } }),
    anonymous: 401,
    customer: 415,
    other: 415,
    admin: 415,
  },
  {
    route: 'PUT /api/files (private)',
    call: async ({ owner }) => ({ method: 'PUT', path: '/api/files', body: { file_id: await ownerFile(owner.token), alt: 'Mi foto' } }),
    anonymous: 401,
    customer: 200,
    other: 404,
    admin: 200,
  },
  {
    route: 'PUT /api/files (public)',
    call: async ({ adminToken }) => ({ method: 'PUT', path: '/api/files', body: { file_id: await publicFile(adminToken), alt: 'Portada' } }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 200,
  },
  {
    route: 'DELETE /api/files/{id} (private)',
    call: async ({ owner }) => ({ method: 'DELETE', path: `/api/files/${await ownerFile(owner.token)}` }),
    anonymous: 401,
    customer: 204,
    other: 404,
    admin: 204,
  },
  {
    route: 'DELETE /api/files/{id} (public)',
    call: async ({ adminToken }) => ({ method: 'DELETE', path: `/api/files/${await publicFile(adminToken)}` }),
    anonymous: 401,
    customer: 403,
    other: 403,
    admin: 204,
  },
];
