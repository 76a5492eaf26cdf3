/**
 * PUT /api/customer with file_id: the profile photo is an image the caller
 * uploaded; null removes it, omitted keeps it, and a refused photo changes nothing.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { signUp } from '../../../src/services/customers/sign-up';
import { updateCustomer } from '../../../src/services/customers/update-customer';
import { jpeg, pdf, png } from '../files/files-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
let app: ReturnType<typeof createApp>;

const identity = (uid: string, admin = false) => ({ uid, email: `${uid}@example.com`, emailVerified: true, admin });
const ana = { name: 'Ana', last_name: 'López', phone: '5512345678' };
const NOT_USABLE = 'Elige una imagen JPG, PNG, WebP o GIF que hayas subido a tu cuenta.';

async function upload(uid: string, bytes: Buffer, filename: string, contentType: string): Promise<number> {
  const response = await request(app).post('/api/files').set('authorization', `Bearer uid:${uid}`).attach('file', bytes, { filename, contentType });
  expect(response.status).toBe(201);
  return response.body.file_id as number;
}

const put = (uid: string, body: object) => request(app).put('/api/customer').set('authorization', `Bearer uid:${uid}`).send(body);
const stored = async (uid: string) => (await env.store.doc(`customers/${uid}`).get()).data();

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await signUp(env.deps, identity('ana'), { uid: 'ana', ...ana });
  await signUp(env.deps, identity('diego'), { uid: 'diego', name: 'Diego', last_name: 'Ruiz', phone: '5587654321' });
});
afterEach(async () => {
  await env.cleanup();
});

describe('the profile photo', () => {
  it('stores the caller’s own image as {file_id, name, type, src}, keeps it when omitted and removes it with null', async () => {
    const fileId = await upload('ana', png(), 'yo.png', 'image/png');
    const photo = { file_id: fileId, name: 'yo.png', type: 'image/png', src: `/api/files/raw/${fileId}` };

    const set = await put('ana', { ...ana, file_id: fileId });
    expect(set.status).toBe(200);
    expect(set.body.customer.file).toEqual(photo);
    expect((await stored('ana'))?.file).toEqual(photo);

    const kept = await put('ana', { ...ana, instagram: '@ana' });
    expect(kept.status).toBe(200);
    expect(kept.body.customer).toMatchObject({ instagram: '@ana', file: photo });

    const removed = await put('ana', { ...ana, file_id: null });
    expect(removed.status).toBe(200);
    expect(removed.body.customer.file).toBeNull();
    expect((await stored('ana'))?.file).toBeNull();
  });

  it('accepts a JPEG still being processed, through the service as well', async () => {
    const fileId = await upload('ana', jpeg(), 'perfil.jpg', 'image/jpeg');
    const customer = await updateCustomer(env.deps, identity('ana'), { ...ana, file_id: fileId });
    expect(customer.file).toMatchObject({ file_id: fileId, type: 'image/jpeg' });
  });

  it('refuses someone else’s image, a PDF, a rejected image and an unknown id with a 400, and changes nothing', async () => {
    const diegos = await upload('diego', png(), 'diego.png', 'image/png');
    const document = await upload('ana', pdf(), 'certificado.pdf', 'application/pdf');
    const rejected = await upload('ana', png(), 'rota.png', 'image/png');
    await env.store.doc(`files/${rejected}`).update({ status: 'rejected' });
    const before = await stored('ana');

    for (const fileId of [diegos, document, rejected, 9999]) {
      const response = await put('ana', { ...ana, name: 'Otra', file_id: fileId });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'customer/photo-not-usable', message: NOT_USABLE, fields: { file_id: NOT_USABLE } });
    }
    expect(await stored('ana')).toEqual(before);
  });

  it('checks ownership against the caller, also for an admin editing a customer', async () => {
    const anas = await upload('ana', png(), 'ana.png', 'image/png');
    const customerId = (await stored('ana'))?.customer_id as number;
    const before = await stored('ana');
    await expect(updateCustomer(env.deps, identity('valeria', true), { customer_id: customerId, ...ana, file_id: anas })).rejects.toMatchObject({
      code: 'customer/photo-not-usable',
    });
    expect(await stored('ana')).toEqual(before);
  });

  it('validates file_id with the shared schema, and sign-up does not take it', async () => {
    for (const fileId of [0, -3, 1.5, '1']) {
      const response = await put('ana', { ...ana, file_id: fileId });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.error.fields)).toEqual(['file_id']);
    }
    const signup = await request(app)
      .post('/api/customer/signup')
      .set('authorization', 'Bearer uid:nuevo')
      .send({ uid: 'nuevo', name: 'Nuevo', last_name: 'Cliente', phone: '5511112222', file_id: 1 });
    expect(signup.status).toBe(400);
    expect(signup.body.error.message).toBe('El campo file_id no está permitido.');
  });
});
