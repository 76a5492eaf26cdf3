import { mkdtempSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../src/app';
import { createLocalFileStorage } from '../../../src/data/files/local-file-storage';
import { signUp } from '../../../src/services/customers/sign-up';
import { type TestEnv, testEnv } from '../support';
import { exe, gif, html, jpeg, pdf, png, svg, webp } from './files-fixtures';

let env: TestEnv;
let filesDir: string;
/** c1's customer number: customers upload, and numbers are claimed, not counted from 1 (ADR 0009). */
let c1CustomerId: number;
beforeEach(async () => {
  env = testEnv();
  filesDir = mkdtempSync(path.join(tmpdir(), 'studio-upload-'));
  env.deps.files = createLocalFileStorage(filesDir);
  ({ customer_id: c1CustomerId } = await signUp(env.deps, identity('c1'), { uid: 'c1', name: 'Ana', last_name: 'López', phone: '5512345678' }));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await env.cleanup();
});

interface Part {
  bytes: Buffer;
  filename: string;
  contentType: string;
  field?: string;
}

/** A multipart body written by hand, for what form builders would clean up (they cut paths from file names). */
function rawUpload(filename: string, bytes: Buffer, contentType = 'image/png') {
  const boundary = 'limite';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return request(createApp(env.deps))
    .post('/api/files')
    .set('authorization', 'Bearer uid:c1')
    .set('content-type', `multipart/form-data; boundary=${boundary}`)
    .send(body);
}

function upload(token: string | null, parts: Part[], fields: Record<string, string> = {}, route = '/api/files') {
  let req = request(createApp(env.deps)).post(route);
  if (token) req = req.set('authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  for (const part of parts) req = req.attach(part.field ?? 'file', part.bytes, { filename: part.filename, contentType: part.contentType });
  return req;
}

const storedBytes = (): string[] =>
  readdirSync(filesDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

async function expectNothingStored() {
  expect(await env.store.collection('files').count()).toBe(0);
  expect((await env.store.doc('counters/files').get()).exists).toBe(false);
  expect(storedBytes()).toEqual([]);
}

const identity = (uid: string) => ({ uid, email: `${uid}@example.com`, emailVerified: true, admin: false });

describe('POST /api/files: accepted uploads', () => {
  it('stores an admin image as public, under a generated key, and serves the same bytes', async () => {
    const bytes = png(3, 2);
    const response = await upload('admin:a1', [{ bytes, filename: 'Portada Clase.png', contentType: 'image/png' }], {
      data: JSON.stringify({ alt: 'Salón con bicis' }),
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      file_id: 1,
      file: {
        file_id: 1,
        name: 'Portada Clase.png',
        type: 'image/png',
        src: '/api/files/raw/1',
        alt: 'Salón con bicis',
        size: bytes.length,
        width: null,
        height: null,
        visibility: 'public',
        status: 'uploaded',
        customer_id: null,
        createdAt: '2026-11-22T18:00:00.000Z',
      },
    });
    const doc = (await env.store.doc('files/1').get()).data() as Record<string, unknown>;
    expect(doc.key).toMatch(/^files\/[0-9a-f-]{36}\.png$/);
    expect(doc).toMatchObject({ owner_uid: 'a1', by_admin: true, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(storedBytes()).toEqual([path.basename(doc.key as string)]);

    const raw = await request(createApp(env.deps))
      .get('/api/files/raw/1')
      .set('authorization', 'Bearer admin:a1')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(raw.status).toBe(200);
    expect(Buffer.compare(raw.body as Buffer, bytes)).toBe(0);
    expect(raw.headers['content-type']).toBe('image/png');
    expect(raw.headers['content-disposition']).toBe(`inline; filename="Portada Clase.png"; filename*=UTF-8''Portada%20Clase.png`);
    expect(raw.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('stores a customer PDF as private, owned, with their customer number', async () => {
    const response = await upload('uid:c1', [{ bytes: pdf(), filename: 'Certificado médico.pdf', contentType: 'application/pdf' }]);
    expect(response.status).toBe(201);
    expect(response.body.file).toMatchObject({
      name: 'Certificado médico.pdf',
      type: 'application/pdf',
      visibility: 'private',
      customer_id: c1CustomerId,
      status: 'uploaded',
    });
    const raw = await request(createApp(env.deps)).get(`/api/files/raw/${response.body.file_id}`).set('authorization', 'Bearer uid:c1');
    expect(raw.headers['content-disposition']).toMatch(/^attachment; filename="Certificado m_dico.pdf"; filename\*=UTF-8''Certificado%20m%C3%A9dico.pdf$/);
  });

  it('accepts every allowed image format, through both upload routes', async () => {
    const cases: Array<[Buffer, string, string]> = [
      [jpeg(), 'foto.jpg', 'image/jpeg'],
      [webp(), 'foto.webp', 'image/webp'],
      [gif(), 'foto.gif', 'image/gif'],
      [jpeg(), 'vieja.jpg', 'image/jpg'],
    ];
    for (const route of ['/api/files', '/api/files/s3']) {
      for (const [bytes, filename, contentType] of cases) {
        const response = await upload('uid:c1', [{ bytes, filename, contentType }], {}, route);
        expect(response.status, `${route} ${filename}`).toBe(201);
        expect(response.body.file.type).toBe(contentType === 'image/jpg' ? 'image/jpeg' : contentType);
      }
    }
    expect(await env.store.collection('files').count()).toBe(8);
  });

  it('takes a file of exactly 10 MB and refuses one byte more', async () => {
    const exactly = Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024 - png().length)]);
    expect((await upload('uid:c1', [{ bytes: exactly, filename: 'grande.png', contentType: 'image/png' }])).status).toBe(201);
    const over = await upload('uid:c1', [{ bytes: Buffer.concat([exactly, Buffer.alloc(1)]), filename: 'grande.png', contentType: 'image/png' }]);
    expect(over.status).toBe(413);
    expect(await env.store.collection('files').count()).toBe(1);
  });

  it('keeps the name only as display metadata, with an extension of the real type', async () => {
    const renamed = await upload('admin:a1', [{ bytes: png(), filename: 'blob', contentType: 'image/png' }], {
      data: JSON.stringify({ name: 'Instructora Sofía', visibility: 'private' }),
    });
    expect(renamed.body.file).toMatchObject({ name: 'Instructora Sofía.png', visibility: 'private' });
    const disguised = await upload('uid:c1', [{ bytes: png(), filename: 'index.html', contentType: 'image/png' }]);
    expect(disguised.body.file.name).toBe('index.html.png');
  });

  it('never overwrites: simultaneous uploads with one name get their own ids, keys and bytes', async () => {
    const sends = Array.from({ length: 10 }, (_, i) => upload('uid:c1', [{ bytes: png(i + 1, 1), filename: 'foto.png', contentType: 'image/png' }]));
    const responses = await Promise.all(sends);
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = responses.map((r) => r.body.file_id as number);
    expect(new Set(ids).size).toBe(10);
    const docs = await Promise.all(ids.map(async (id) => (await env.store.doc(`files/${id}`).get()).data() as { key: string; size: number }));
    expect(new Set(docs.map((d) => d.key)).size).toBe(10);
    expect(storedBytes()).toHaveLength(10);
    for (const [i, response] of responses.entries()) {
      const stored = await env.deps.files.read(docs[i]!.key);
      expect(stored && Buffer.compare(stored, png(i + 1, 1)), `upload ${i}`).toBe(0);
      expect(response.body.file.size).toBe(png(i + 1, 1).length);
    }
  });

  it('removes the bytes again when the metadata cannot be written', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = env.deps.store;
    env.deps.store = Object.create(store, { runTransaction: { value: () => Promise.reject(new Error('disco lleno')) } });
    const response = await upload('uid:c1', [{ bytes: png(), filename: 'foto.png', contentType: 'image/png' }]);
    expect(response.status).toBe(500);
    env.deps.store = store;
    await expectNothingStored();
  });
});

describe('POST /api/files: refusals store nothing', () => {
  type Expected = [status: number, code: string, message: string];
  const cases: Array<[string, () => ReturnType<typeof upload>, Expected]> = [
    ['no file', () => upload('uid:c1', [], { data: '{}' }), [400, 'files/file-required', 'Debes cargar el archivo solicitado.']],
    [
      'an empty file',
      () => upload('uid:c1', [{ bytes: Buffer.alloc(0), filename: 'vacio.png', contentType: 'image/png' }]),
      [400, 'files/file-required', 'Debes cargar el archivo solicitado.'],
    ],
    [
      'two files',
      () =>
        upload('uid:c1', [
          { bytes: png(), filename: 'a.png', contentType: 'image/png' },
          { bytes: png(), filename: 'b.png', contentType: 'image/png' },
        ]),
      [400, 'files/too-many-files', 'Envía un solo archivo a la vez.'],
    ],
    [
      'a second file in another field',
      () =>
        upload('uid:c1', [
          { bytes: png(), filename: 'a.png', contentType: 'image/png' },
          { bytes: png(), filename: 'b.png', contentType: 'image/png', field: 'extra' },
        ]),
      [400, 'files/too-many-files', 'Envía un solo archivo a la vez.'],
    ],
    [
      'SVG',
      () => upload('admin:a1', [{ bytes: svg(), filename: 'logo.svg', contentType: 'image/svg+xml' }]),
      [415, 'files/type-not-allowed', 'Ese tipo de archivo no está permitido. Puedes subir imágenes JPG, PNG, WebP o GIF, o documentos PDF.'],
    ],
    [
      'HTML',
      () => upload('uid:c1', [{ bytes: html(), filename: 'pagina.html', contentType: 'text/html' }]),
      [415, 'files/type-not-allowed', 'Ese tipo de archivo no está permitido. Puedes subir imágenes JPG, PNG, WebP o GIF, o documentos PDF.'],
    ],
    [
      'an executable',
      () => upload('uid:c1', [{ bytes: exe(), filename: 'setup.exe', contentType: 'application/x-msdownload' }]),
      [415, 'files/type-not-allowed', 'Ese tipo de archivo no está permitido. Puedes subir imágenes JPG, PNG, WebP o GIF, o documentos PDF.'],
    ],
    [
      'an untyped file',
      () => upload('uid:c1', [{ bytes: png(), filename: 'foto.png', contentType: 'application/octet-stream' }]),
      [415, 'files/type-not-allowed', 'Ese tipo de archivo no está permitido. Puedes subir imágenes JPG, PNG, WebP o GIF, o documentos PDF.'],
    ],
    [
      'a file over 10 MB',
      () => upload('uid:c1', [{ bytes: Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]), filename: 'enorme.png', contentType: 'image/png' }]),
      [413, 'files/too-large', 'El archivo supera el tamaño máximo de 10 MB.'],
    ],
    [
      'PNG bytes declared as JPEG',
      () => upload('uid:c1', [{ bytes: png(), filename: 'foto.jpg', contentType: 'image/jpeg' }]),
      [400, 'files/type-mismatch', 'El contenido del archivo no corresponde a su tipo.'],
    ],
    [
      'an executable declared as PNG',
      () => upload('uid:c1', [{ bytes: exe(), filename: 'foto.png', contentType: 'image/png' }]),
      [400, 'files/type-mismatch', 'El contenido del archivo no corresponde a su tipo.'],
    ],
    [
      'SVG declared as PNG',
      () => upload('uid:c1', [{ bytes: svg(), filename: 'foto.png', contentType: 'image/png' }]),
      [400, 'files/type-mismatch', 'El contenido del archivo no corresponde a su tipo.'],
    ],
    ['a name that climbs directories', () => rawUpload('../../etc/passwd.png', png()), [400, 'files/invalid-name', 'El nombre del archivo no es válido.']],
    ['an absolute path', () => rawUpload('/var/www/foto.png', png()), [400, 'files/invalid-name', 'El nombre del archivo no es válido.']],
    [
      'a name with a Windows path',
      () => upload('uid:c1', [{ bytes: png(), filename: 'C:\\Users\\ana\\foto.png', contentType: 'image/png' }]),
      [400, 'files/invalid-name', 'El nombre del archivo no es válido.'],
    ],
    [
      'a name that reverses its extension',
      () => upload('uid:c1', [{ bytes: png(), filename: 'foto\u202egnp.exe', contentType: 'image/png' }]),
      [400, 'files/invalid-name', 'El nombre del archivo no es válido.'],
    ],
    [
      'a path in data.name',
      () => upload('uid:c1', [{ bytes: png(), filename: 'foto.png', contentType: 'image/png' }], { data: JSON.stringify({ name: '../foto.png' }) }),
      [400, 'invalid-argument', 'Revisa el campo: Nombre'],
    ],
    [
      'data that is not JSON',
      () => upload('uid:c1', [{ bytes: png(), filename: 'foto.png', contentType: 'image/png' }], { data: '{name:' }),
      [400, 'files/invalid-data', 'El campo data debe ser un objeto JSON.'],
    ],
    [
      'data that is a list',
      () => upload('uid:c1', [{ bytes: png(), filename: 'foto.png', contentType: 'image/png' }], { data: '[1]' }),
      [400, 'files/invalid-data', 'El campo data debe ser un objeto JSON.'],
    ],
    [
      'unknown data fields',
      () => upload('admin:a1', [{ bytes: png(), filename: 'foto.png', contentType: 'image/png' }], { data: JSON.stringify({ key: 'files/otro.png' }) }),
      [400, 'invalid-argument', 'El campo key no está permitido.'],
    ],
    [
      'unknown form fields',
      () => upload('uid:c1', [{ bytes: png(), filename: 'foto.png', contentType: 'image/png' }], { owner_uid: 'otra' }),
      [400, 'invalid-argument', 'El campo owner_uid no está permitido.'],
    ],
    [
      'a customer publishing',
      () => upload('uid:c1', [{ bytes: png(), filename: 'foto.png', contentType: 'image/png' }], { data: JSON.stringify({ visibility: 'public' }) }),
      [403, 'files/public-needs-admin', 'Solo un administrador puede publicar archivos.'],
    ],
    [
      'an anonymous caller',
      () => upload(null, [{ bytes: png(), filename: 'foto.png', contentType: 'image/png' }]),
      [401, 'auth/unauthenticated', 'Debes iniciar sesión para continuar.'],
    ],
    [
      'JSON instead of a form',
      () => request(createApp(env.deps)).post('/api/files').set('authorization', 'Bearer uid:c1').send({ file: 'aGVsbG8=', name: 'foto.png' }),
      [415, 'files/multipart-required', 'El archivo debe enviarse como formulario (multipart/form-data).'],
    ],
    [
      'a form without a boundary',
      () => request(createApp(env.deps)).post('/api/files/s3').set('authorization', 'Bearer uid:c1').set('content-type', 'multipart/form-data').send('x'),
      [415, 'files/multipart-required', 'El archivo debe enviarse como formulario (multipart/form-data).'],
    ],
    [
      'a cut multipart body',
      () =>
        request(createApp(env.deps))
          .post('/api/files')
          .set('authorization', 'Bearer uid:c1')
          .set('content-type', 'multipart/form-data; boundary=abc')
          .send('--abc\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG'),
      [400, 'files/malformed', 'No pudimos leer el archivo enviado. Intenta de nuevo.'],
    ],
  ];

  for (const [what, send, [status, code, message]] of cases) {
    it(`${what} → ${status}`, async () => {
      const response = await send();
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.error).toMatchObject({ code, message });
      await expectNothingStored();
    });
  }

  it('refuses a body declared over the upload limit before reading it', async () => {
    const response = await request(createApp(env.deps))
      .post('/api/files')
      .set('authorization', 'Bearer uid:c1')
      .set('content-type', 'multipart/form-data; boundary=abc')
      .set('content-length', String(11 * 1024 * 1024))
      .send('--abc--');
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('files/too-large');
    await expectNothingStored();
  });
});

describe('request bodies around uploads', () => {
  it('refuses multipart on every route that is not an upload, keeping the JSON rules', async () => {
    const app = createApp(env.deps);
    const pages = await request(app)
      .post('/api/pages')
      .set('authorization', 'Bearer admin:a1')
      .attach('file', png(), { filename: 'a.png', contentType: 'image/png' });
    expect(pages.status).toBe(415);
    expect(pages.body.error.message).toBe('El contenido debe enviarse como JSON.');
    const put = await request(app)
      .put('/api/files')
      .set('authorization', 'Bearer admin:a1')
      .attach('file', png(), { filename: 'a.png', contentType: 'image/png' });
    expect(put.status).toBe(415);
    const oversizedJson = await request(app)
      .post('/api/files')
      .set('authorization', 'Bearer uid:c1')
      .send({ name: 'x'.repeat(300_000) });
    expect(oversizedJson.status).toBe(413);
    expect(oversizedJson.body.error.message).toBe('La solicitud es demasiado grande.');
  });

  it('parses a body the platform already read (req.rawBody), as Cloud Functions delivers it', async () => {
    const boundary = 'limite';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"alt":"foto"}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="Ñandú.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const app = createApp(env.deps);
    const outer = (req: IncomingMessage, res: ServerResponse) => {
      // The platform consumed the stream: only rawBody is left, and req.body is that same buffer.
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        Object.assign(req, { rawBody: Buffer.concat(chunks), body: Buffer.concat(chunks) });
        app(req as Parameters<typeof app>[0], res as Parameters<typeof app>[1]);
      });
    };
    const response = await request(outer)
      .post('/api/files')
      .set('authorization', 'Bearer uid:c1')
      .set('content-type', `multipart/form-data; boundary=${boundary}`)
      .send(body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.file).toMatchObject({ name: 'Ñandú.png', alt: 'foto', size: png().length });
  });
});
