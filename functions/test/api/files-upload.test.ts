/**
 * Uploads through the deployed shape: Hosting → the api function (which gets
 * the body already read, as req.rawBody) → the local file directory; then the
 * processFile trigger, delivered by the stack's dispatcher, marks the file.
 */
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { exe, jpegOfSize, pdf, png, svg, webp } from '../unit/files/files-fixtures';
import { uploadThroughApi, waitForProcessing } from './matrix/files';
import { api, BASE_URL, countDocs, newCustomer, seed, signIn, store } from './support';

afterAll(async () => {
  await store().close();
});

const filesDir = process.env.STUDIO_LOCAL_FILES;
/** Bytes in the stack's file directory (the function's STUDIO_LOCAL_FILES). */
const storedCount = () => {
  if (!filesDir) throw new Error('STUDIO_LOCAL_FILES is not set: run through emulators/start.ts');
  try {
    return readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
};

async function rawBytes(path: string, token?: string) {
  const response = await fetch(`${BASE_URL}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('uploads through the stack', () => {
  it('an admin image becomes public once the trigger marks it ready, with its size', async () => {
    const admin = await signIn(seed.admin.email, seed.admin.password);
    const bytes = png(640, 480);
    const upload = await uploadThroughApi(admin.token, bytes, 'Clase de Spinning.png', 'image/png', { data: { alt: 'Salón de spinning' } });
    expect(upload.status).toBe(201);
    expect(upload.body.file).toMatchObject({
      file_id: upload.body.file_id,
      name: 'Clase de Spinning.png',
      type: 'image/png',
      visibility: 'public',
      status: 'uploaded',
      alt: 'Salón de spinning',
      src: `/api/files/raw/${upload.body.file_id}`,
    });

    const processed = await waitForProcessing(upload.body.file_id, admin.token);
    expect(processed).toMatchObject({ status: 'ready', width: 640, height: 480 });
    const raw = await rawBytes(processed.src as string);
    expect(raw.status).toBe(200);
    expect(Buffer.compare(raw.bytes, bytes)).toBe(0);
    expect(raw.headers.get('content-type')).toBe('image/png');
    expect(raw.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('a customer PDF through /api/files/s3 stays private to them', async () => {
    const ana = await newCustomer();
    const other = await newCustomer();
    const upload = await uploadThroughApi(ana.token, pdf(), 'Certificado médico.pdf', 'application/pdf', { route: '/api/files/s3' });
    expect(upload.status).toBe(201);
    expect(upload.body.file).toMatchObject({ visibility: 'private', customer_id: ana.customerId, name: 'Certificado médico.pdf' });
    expect(await waitForProcessing(upload.body.file_id, ana.token)).toMatchObject({ status: 'ready', width: null });
    expect((await rawBytes(`/api/files/raw/${upload.body.file_id}`, ana.token)).status).toBe(200);
    expect((await rawBytes(`/api/files/raw/${upload.body.file_id}`, other.token)).status).toBe(404);
    expect((await rawBytes(`/api/files/raw/${upload.body.file_id}`)).status).toBe(404);
    const list = await api<{ files: Array<{ file_id: number }> }>('GET', '/api/files', { token: ana.token });
    expect(list.body.files.map((f) => f.file_id)).toEqual([upload.body.file_id]);
  });

  // 10 MB crosses Hosting's proxy, the Functions emulator and back into the trigger: seconds on a busy machine,
  // well inside the api project's 120 s hang guard; nothing is measured.
  it('a file of exactly 10 MB passes the platform and our limit', async () => {
    const ana = await newCustomer();
    const base = jpegOfSize(4000, 3000);
    const bytes = Buffer.concat([base.subarray(0, base.length - 2), Buffer.alloc(10 * 1024 * 1024 - base.length), base.subarray(base.length - 2)]);
    expect(bytes.length).toBe(10 * 1024 * 1024);
    const upload = await uploadThroughApi(ana.token, bytes, 'grande.jpg', 'image/jpeg');
    expect(upload.status).toBe(201);
    expect(await waitForProcessing(upload.body.file_id, ana.token)).toMatchObject({ status: 'ready', width: 4000, height: 3000, size: bytes.length });
  });

  it('the trigger rejects what only a full read reveals, and removes the bytes', async () => {
    const ana = await newCustomer();
    const whole = png(3, 2);
    const upload = await uploadThroughApi(ana.token, whole.subarray(0, whole.length - 12), 'cortada.png', 'image/png');
    expect(upload.status).toBe(201);
    const before = storedCount();
    expect(await waitForProcessing(upload.body.file_id, ana.token)).toMatchObject({ status: 'rejected' });
    expect((await rawBytes(`/api/files/raw/${upload.body.file_id}`, ana.token)).status).toBe(404);
    expect(storedCount()).toBe(before - 1);
  });

  // Simultaneous requests make the Functions emulator start a worker process each (seconds apiece on a cold
  // stack), so vitest's 5 s default is raised here; nothing is measured.
  it('simultaneous uploads with one name never overwrite each other', { timeout: 120_000 }, async () => {
    const ana = await newCustomer();
    const uploads = await Promise.all(Array.from({ length: 5 }, (_, i) => uploadThroughApi(ana.token, png(i + 1, 2), 'foto.png', 'image/png')));
    expect(uploads.map((u) => u.status)).toEqual(Array(5).fill(201));
    expect(new Set(uploads.map((u) => u.body.file_id)).size).toBe(5);
    for (const [i, upload] of uploads.entries()) {
      const raw = await rawBytes(`/api/files/raw/${upload.body.file_id}`, ana.token);
      expect(Buffer.compare(raw.bytes, png(i + 1, 2)), `upload ${i}`).toBe(0);
    }
  });

  it('DELETE removes metadata and bytes', async () => {
    const ana = await newCustomer();
    const upload = await uploadThroughApi(ana.token, webp(), 'perfil.webp', 'image/webp');
    await waitForProcessing(upload.body.file_id, ana.token);
    const before = storedCount();
    expect((await api('DELETE', `/api/files/${upload.body.file_id}`, { token: ana.token })).status).toBe(204);
    expect((await store().doc(`files/${upload.body.file_id}`).get()).exists).toBe(false);
    expect(storedCount()).toBe(before - 1);
  });
});

describe('refused uploads store nothing', () => {
  const cut = (name: string) =>
    Buffer.from(
      `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n${png().toString('latin1')}\r\n--b--\r\n`,
      'latin1',
    );

  type Sent = { status: number; body: { error?: { code: string; message: string } } };
  const send = async (token: string, body: FormData | Uint8Array, contentType?: string): Promise<Sent> => {
    const response = await fetch(`${BASE_URL}/api/files`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) },
    });
    return { status: response.status, body: (await response.json()) as Sent['body'] };
  };

  const cases: Array<[string, (token: string) => Promise<Sent>, number, string, string]> = [
    [
      'SVG',
      (t) => uploadThroughApi(t, svg(), 'logo.svg', 'image/svg+xml'),
      415,
      'files/type-not-allowed',
      'Ese tipo de archivo no está permitido. Puedes subir imágenes JPG, PNG, WebP o GIF, o documentos PDF.',
    ],
    [
      'an executable',
      (t) => uploadThroughApi(t, exe(), 'setup.exe', 'application/x-msdownload'),
      415,
      'files/type-not-allowed',
      'Ese tipo de archivo no está permitido. Puedes subir imágenes JPG, PNG, WebP o GIF, o documentos PDF.',
    ],
    [
      'bytes of another type',
      (t) => uploadThroughApi(t, exe(), 'foto.png', 'image/png'),
      400,
      'files/type-mismatch',
      'El contenido del archivo no corresponde a su tipo.',
    ],
    [
      'over 10 MB',
      (t) => uploadThroughApi(t, Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024)]), 'enorme.png', 'image/png'),
      413,
      'files/too-large',
      'El archivo supera el tamaño máximo de 10 MB.',
    ],
    [
      'far over the limit (13 MB)',
      (t) => uploadThroughApi(t, Buffer.concat([png(), Buffer.alloc(13 * 1024 * 1024)]), 'enorme.png', 'image/png'),
      413,
      'files/too-large',
      'El archivo supera el tamaño máximo de 10 MB.',
    ],
    [
      'no file',
      async (t) => {
        const form = new FormData();
        form.set('data', '{}');
        return send(t, form);
      },
      400,
      'files/file-required',
      'Debes cargar el archivo solicitado.',
    ],
    [
      'two files',
      async (t) => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'a.png');
        form.append('file', new Blob([new Uint8Array(png())], { type: 'image/png' }), 'b.png');
        return send(t, form);
      },
      400,
      'files/too-many-files',
      'Envía un solo archivo a la vez.',
    ],
    [
      'a path as the name',
      async (t) => {
        // FormData would strip the path; a hand-written body keeps it, as an attacker would.
        return send(t, new Uint8Array(cut('../../../etc/cron.d/x.png')), 'multipart/form-data; boundary=b');
      },
      400,
      'files/invalid-name',
      'El nombre del archivo no es válido.',
    ],
    [
      'JSON',
      (t) => api<Sent['body']>('POST', '/api/files', { token: t, body: { file: png().toString('base64'), name: 'foto.png' } }),
      415,
      'files/multipart-required',
      'El archivo debe enviarse como formulario (multipart/form-data).',
    ],
    [
      'a customer publishing',
      (t) => uploadThroughApi(t, png(), 'foto.png', 'image/png', { data: { visibility: 'public' } }),
      403,
      'files/public-needs-admin',
      'Solo un administrador puede publicar archivos.',
    ],
  ];

  for (const [what, send, status, code, message] of cases) {
    it(`${what} → ${status}`, async () => {
      const ana = await newCustomer();
      const [docs, bytes] = [await countDocs('files'), storedCount()];
      const response = await send(ana.token);
      expect(response.status, JSON.stringify(response.body)).toBe(status);
      expect(response.body.error).toMatchObject({ code, message });
      expect(await countDocs('files')).toBe(docs);
      expect(storedCount()).toBe(bytes);
    });
  }
});
