/**
 * The profile photo through the stack: upload an image to /api/files, then
 * PUT /api/customer with its file_id; only the caller's own images are taken.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { pdf, png } from '../unit/files/files-fixtures';
import { uploadThroughApi } from './matrix/files';
import { api, newCustomer, store } from './support';

afterAll(async () => {
  await store().close();
});

type CustomerBody = { customer: Record<string, unknown> };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const NOT_USABLE = 'Elige una imagen JPG, PNG, WebP o GIF que hayas subido a tu cuenta.';
const profile = (customer: { phone: string }) => ({ name: 'Prueba', last_name: 'Cliente', phone: customer.phone });

describe('PUT /api/customer with file_id', () => {
  it('sets the caller’s own image as the photo, keeps it when omitted and removes it with null', async () => {
    const ana = await newCustomer();
    const upload = await uploadThroughApi(ana.token, png(), 'perfil.png', 'image/png');
    expect(upload.status).toBe(201);
    const fileId = upload.body.file_id;
    const photo = { file_id: fileId, name: 'perfil.png', type: 'image/png', src: `/api/files/raw/${fileId}` };

    const set = await api<CustomerBody>('PUT', '/api/customer', { token: ana.token, body: { ...profile(ana), file_id: fileId } });
    expect(set.status).toBe(200);
    expect(set.body.customer.file).toEqual(photo);

    const kept = await api<CustomerBody>('PUT', '/api/customer', { token: ana.token, body: { ...profile(ana), instagram: '@prueba' } });
    expect(kept.status).toBe(200);
    expect(kept.body.customer.file).toEqual(photo);
    expect((await api<CustomerBody>('GET', '/api/customer', { token: ana.token })).body.customer.file).toEqual(photo);

    const removed = await api<CustomerBody>('PUT', '/api/customer', { token: ana.token, body: { ...profile(ana), file_id: null } });
    expect(removed.status).toBe(200);
    expect(removed.body.customer.file).toBeNull();
  });

  it('refuses another customer’s image and a PDF with a 400 in Spanish, and changes nothing', async () => {
    const ana = await newCustomer();
    const diego = await newCustomer();
    const diegos = await uploadThroughApi(diego.token, png(), 'diego.png', 'image/png');
    const document = await uploadThroughApi(ana.token, pdf(), 'certificado.pdf', 'application/pdf');
    expect([diegos.status, document.status]).toEqual([201, 201]);
    const before = (await store().doc(`customers/${ana.uid}`).get()).data();

    for (const fileId of [diegos.body.file_id, document.body.file_id]) {
      const response = await api<ErrorBody>('PUT', '/api/customer', { token: ana.token, body: { ...profile(ana), name: 'Cambio', file_id: fileId } });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'customer/photo-not-usable', message: NOT_USABLE, fields: { file_id: NOT_USABLE } });
    }
    expect((await store().doc(`customers/${ana.uid}`).get()).data()).toEqual(before);
  });

  it('validates file_id', async () => {
    const ana = await newCustomer();
    const response = await api<ErrorBody>('PUT', '/api/customer', { token: ana.token, body: { ...profile(ana), file_id: 'foto' } });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ file_id: 'Debe ser un número.' });
  });
});
