/**
 * A downloadable package's material is its buyers' (issue 24, finding 4):
 * the catalogue never carries `file_url`; a buyer gets it through the
 * purchase (docs/packages "Downloadable packages").
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { adminToken, grant, packages, seedAccessFixtures, tokenOf } from '../access/access-fixtures';
import { pdf } from '../files/files-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
let materialId: number;

const EXTERNAL = 'https://material.example.com/guia-de-entrenamiento.pdf';
const ana = tokenOf('ana');
const diego = tokenOf('diego');

const get = (path: string, token?: string) => (token ? request(app).get(path).set('authorization', token) : request(app).get(path));
const bytesOf = (path: string, token: string) =>
  get(path, token)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedAccessFixtures(env.store);
  // The studio uploads the material as a private file, and links it from the package.
  const upload = await request(app)
    .post('/api/files')
    .set('authorization', adminToken)
    .field('data', JSON.stringify({ visibility: 'private' }))
    .attach('file', pdf(), { filename: 'Guía de entrenamiento.pdf', contentType: 'application/pdf' });
  expect(upload.status, JSON.stringify(upload.body)).toBe(201);
  materialId = upload.body.file_id as number;
  await env.store.doc(`files/${materialId}`).update({ status: 'ready' });
  const base = { ...packages.tenClasses, downloadable: true, home: true };
  await env.store.doc('class_packages/20').set({ ...base, class_package_id: 20, title: 'Reto con guía', file_url: `/api/files/raw/${materialId}` });
  await env.store.doc('class_packages/21').set({ ...base, class_package_id: 21, title: 'Plan con enlace', file_url: EXTERNAL });
});
afterEach(async () => {
  await env.cleanup();
});

describe('the catalogue', () => {
  it('never shows a downloadable package’s file to visitors or customers; admins, who edit it, see it', async () => {
    for (const token of [undefined, ana]) {
      for (const path of ['/api/class_packages', '/api/class_packages/presenciales/all', '/api/class_packages/presenciales/home']) {
        const list = await get(path, token);
        expect(list.status).toBe(200);
        const listed = (list.body.class_packages as Array<{ class_package_id: number; downloadable: boolean; file_url: string | null }>).filter(
          (p) => p.class_package_id >= 20,
        );
        expect(listed.map((p) => [p.class_package_id, p.downloadable, p.file_url])).toEqual([
          [20, true, null],
          [21, true, null],
        ]);
        expect(list.text).not.toContain('material.example.com');
        expect(list.text).not.toContain(`/api/files/raw/${materialId}`);
      }
      const one = await get('/api/class_packages/21', token);
      expect(one.body.class_package).toMatchObject({ downloadable: true, file_url: null });
    }
    expect((await get('/api/class_packages/21', adminToken)).body.class_package.file_url).toBe(EXTERNAL);
    const admin = await get('/api/class_packages/admin/all', adminToken);
    expect(admin.body.class_packages.find((p: { class_package_id: number }) => p.class_package_id === 20).file_url).toBe(`/api/files/raw/${materialId}`);
  });
});

describe('GET /api/purchases/{id}/download', () => {
  it('gives the buyer an uploaded material, whatever its visibility, and nobody else', async () => {
    const { purchase } = await grant(env, { customer_id: 2, class_package_id: 20 });
    expect((purchase.class_package as { downloadable?: boolean }).downloadable).toBe(true);
    const id = purchase.purchase_id;

    const answer = await get(`/api/purchases/${id}/download`, ana);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ download: { url: `/api/purchases/${id}/download/file`, name: 'Guía de entrenamiento.pdf' } });
    expect(answer.headers['cache-control']).toBe('no-store');

    const file = await bytesOf(`/api/purchases/${id}/download/file`, ana);
    expect(file.status).toBe(200);
    expect(Buffer.compare(file.body as Buffer, pdf())).toBe(0);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="Gu_a de entrenamiento.pdf"/);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['cache-control']).toBe('no-store');

    // The private upload itself stays the studio's.
    expect((await get(`/api/files/raw/${materialId}`, ana)).status).toBe(404);
    expect((await get(`/api/files/raw/${materialId}`)).status).toBe(404);
    // Someone else's purchase does not exist for them; a visitor must sign in; the studio may look.
    for (const path of [`/api/purchases/${id}/download`, `/api/purchases/${id}/download/file`]) {
      expect((await get(path, diego)).status).toBe(404);
      expect((await get(path)).status).toBe(401);
      expect((await get(path, adminToken)).status).toBe(200);
    }
  });

  it('hands an outside link to the buyer as it is; it has no bytes here', async () => {
    const { purchase } = await grant(env, { customer_id: 2, class_package_id: 21 });
    const answer = await get(`/api/purchases/${purchase.purchase_id}/download`, ana);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ download: { url: EXTERNAL, name: null } });
    const bytes = await get(`/api/purchases/${purchase.purchase_id}/download/file`, ana);
    expect(bytes.status).toBe(404);
    expect(bytes.body.error.message).toBe('Este paquete no tiene material descargable.');
  });

  it('waits for the payment, and ends with a refund or a purchase never paid; a paid subscription later cancelled keeps it', async () => {
    const { purchase } = await grant(env, { customer_id: 2, class_package_id: 21 });
    const ref = env.store.doc(`purchases/${purchase.purchase_id}`);
    const ask = () => get(`/api/purchases/${purchase.purchase_id}/download`, ana);

    await ref.update({ status: 'pending', paid_at: null });
    const pending = await ask();
    expect(pending.status).toBe(412);
    expect(pending.body.error.message).toBe('Podrás descargar el material de este paquete en cuanto se confirme el pago de tu compra.');

    for (const ended of [
      { status: 'revoked', paid_at: new Date() },
      { status: 'cancelled', paid_at: null },
      { status: 'failed', paid_at: null },
    ]) {
      await ref.update(ended);
      const refused = await ask();
      expect(refused.status, ended.status).toBe(403);
      expect(refused.body.error.message).toBe('Esta compra ya no da acceso al material descargable.');
    }

    await ref.update({ status: 'cancelled', paid_at: new Date() });
    expect((await ask()).status).toBe(200);
  });

  it('goes by what was sold: the purchase’s copy of the package, else (a purchase older than that field) the package as it is', async () => {
    const { purchase } = await grant(env, { customer_id: 2, class_package_id: 21 });
    const ref = env.store.doc(`purchases/${purchase.purchase_id}`);
    const ask = () => get(`/api/purchases/${purchase.purchase_id}/download`, ana);
    await ref.update({ 'class_package.downloadable': false });
    expect((await ask()).status).toBe(404);
    const { downloadable: _dropped, ...older } = purchase.class_package as Record<string, unknown>;
    await ref.update({ class_package: older });
    expect((await ask()).status).toBe(200);
  });

  it('says a package without material has none, and that an upload that failed its checks is not there', async () => {
    const plain = await grant(env, { customer_id: 2, class_package_id: packages.fiveOnSale.class_package_id });
    const none = await get(`/api/purchases/${plain.purchase.purchase_id}/download`, ana);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe('Este paquete no tiene material descargable.');

    const { purchase } = await grant(env, { customer_id: 2, class_package_id: 20 });
    await env.store.doc(`files/${materialId}`).update({ status: 'rejected' });
    expect((await get(`/api/purchases/${purchase.purchase_id}/download`, ana)).status).toBe(404);
  });
});
