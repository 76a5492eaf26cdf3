/**
 * Who may upload what, with real multipart bodies (the shared matrix sends
 * JSON only), and the processing trigger delivered a second time against the
 * stack's own store and file directory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentSnapshot } from '../../src/data/store/types';
import { processFileTrigger } from '../../src/triggers/process-file';
import { pdf, png } from '../unit/files/files-fixtures';
import { type UploadOptions, uploadThroughApi, waitForProcessing } from './matrix/files';
import { BASE_URL, newCustomer, seed, signIn, store } from './support';

type Caller = 'anonymous' | 'customer' | 'other' | 'admin';
let tokens: Record<Caller, string | undefined>;

beforeAll(async () => {
  const [customer, other, admin] = await Promise.all([newCustomer(), newCustomer(), signIn(seed.admin.email, seed.admin.password)]);
  tokens = { anonymous: undefined, customer: customer.token, other: other.token, admin: admin.token };
});

afterAll(async () => {
  await store().close();
});

interface UploadRow {
  what: string;
  bytes: () => Buffer;
  name: string;
  type: string;
  options: UploadOptions;
  expected: Record<Caller, number>;
  /** Visibility the created file gets, by caller. */
  visibility?: Partial<Record<Caller, 'public' | 'private'>>;
}

const rows: UploadRow[] = [];
for (const route of ['/api/files', '/api/files/s3'] as const) {
  rows.push(
    {
      what: `POST ${route} image`,
      bytes: () => png(),
      name: 'foto.png',
      type: 'image/png',
      options: { route },
      expected: { anonymous: 401, customer: 201, other: 201, admin: 201 },
      visibility: { customer: 'private', other: 'private', admin: 'public' },
    },
    {
      what: `POST ${route} PDF`,
      bytes: pdf,
      name: 'documento.pdf',
      type: 'application/pdf',
      options: { route },
      expected: { anonymous: 401, customer: 201, other: 201, admin: 201 },
    },
    {
      what: `POST ${route} public`,
      bytes: () => png(),
      name: 'portada.png',
      type: 'image/png',
      options: { route, data: { visibility: 'public' } },
      expected: { anonymous: 401, customer: 403, other: 403, admin: 201 },
      visibility: { admin: 'public' },
    },
    {
      what: `POST ${route} private`,
      bytes: () => png(),
      name: 'privada.png',
      type: 'image/png',
      options: { route, data: { visibility: 'private' } },
      expected: { anonymous: 401, customer: 201, other: 201, admin: 201 },
      visibility: { customer: 'private', other: 'private', admin: 'private' },
    },
  );
}

describe('upload authorization (multipart)', () => {
  for (const row of rows) {
    for (const caller of ['anonymous', 'customer', 'other', 'admin'] as const) {
      it(`${row.what} as ${caller} → ${row.expected[caller]}`, async () => {
        const response = await uploadThroughApi(tokens[caller], row.bytes(), row.name, row.type, row.options);
        expect(response.status, JSON.stringify(response.body)).toBe(row.expected[caller]);
        const visibility = row.visibility?.[caller];
        if (visibility) expect(response.body.file.visibility).toBe(visibility);
      });
    }
  }
});

describe('processFile through the stack', () => {
  it('a second delivery of the upload event changes nothing', async () => {
    const admin = tokens.admin as string;
    const upload = await uploadThroughApi(admin, png(20, 10), 'doble.png', 'image/png');
    const fileId = upload.body.file_id;
    expect(await waitForProcessing(fileId, admin)).toMatchObject({ status: 'ready', width: 20, height: 10 });
    const ready = (await store().doc(`files/${fileId}`).get()).data() as Record<string, unknown>;

    // The event the dispatcher already delivered, delivered again to the deployed handler (same store, same directory).
    const asUploaded: Record<string, unknown> = { ...ready, status: 'uploaded', width: null, height: null, processedAt: null };
    const snapshot = {
      id: String(fileId),
      path: `files/${fileId}`,
      exists: true,
      data: () => ({ ...asUploaded }),
      get: (field: string) => asUploaded[field],
      createTime: undefined,
      updateTime: undefined,
    } satisfies DocumentSnapshot;
    const event = { eventId: 'again', params: { fileId: String(fileId) }, before: null, after: snapshot, time: new Date() };
    await processFileTrigger.handler(event);
    await processFileTrigger.handler(event);

    expect((await store().doc(`files/${fileId}`).get()).data()).toEqual(ready);
    const raw = await fetch(`${BASE_URL}/api/files/raw/${fileId}`);
    expect(raw.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await raw.arrayBuffer()), png(20, 10))).toBe(0);
  });
});
