/**
 * A downloadable package's material through Hosting (issue 24, finding 4):
 * the public catalogue never carries `file_url`; the buyer downloads a
 * private upload through the purchase, with the files' sandboxing headers.
 */
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf } from '../unit/files/files-fixtures';
import { uploadThroughApi, waitForProcessing } from './matrix/files';
import { api, BASE_URL, newCustomer, seed, signIn, store } from './support';

let admin: string;
beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});
afterAll(async () => {
  await store().close();
});

describe('downloadable packages through Hosting', () => {
  it('keeps the material out of the public catalogue and serves it to the buyer only', async () => {
    const upload = await uploadThroughApi(admin, pdf(), 'Guía del reto.pdf', 'application/pdf', { data: { visibility: 'private' } });
    expect(upload.status, JSON.stringify(upload.body)).toBe(201);
    const fileId = upload.body.file_id as number;
    expect(await waitForProcessing(fileId, admin)).toMatchObject({ status: 'ready', visibility: 'private' });
    const fileUrl = `/api/files/raw/${fileId}`;

    const created = await api<{ class_package: ClassPackage }>('POST', '/api/class_packages', {
      token: admin,
      body: { title: 'Reto 21 días con guía', price: 800, class_amount: 4, expiration_days: 30, downloadable: true, file_url: fileUrl },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pkg = created.body.class_package;
    expect(pkg.file_url).toBe(fileUrl);

    try {
      // What every visitor and the CDN see.
      const one = await api<{ class_package: ClassPackage }>('GET', `/api/class_packages/${pkg.class_package_id}`);
      expect(one.status).toBe(200);
      expect(one.body.class_package).toMatchObject({ downloadable: true, file_url: null });
      for (const path of ['/api/class_packages', '/api/class_packages/presenciales/all']) {
        const list = await api('GET', path);
        expect(JSON.stringify(list.body)).not.toContain(fileUrl);
      }
      expect((await api('GET', fileUrl)).status).toBe(404);

      const buyer = await newCustomer();
      const other = await newCustomer();
      const granted = await api<{ purchase: { purchase_id: number } }>('POST', '/api/customer/giveAccess', {
        token: admin,
        body: { customer_id: buyer.customerId, class_package_id: pkg.class_package_id, is_gift: false, payment_method_id: 2, bill: false },
      });
      expect(granted.status, JSON.stringify(granted.body)).toBe(201);
      const id = granted.body.purchase.purchase_id;

      const download = await api('GET', `/api/purchases/${id}/download`, { token: buyer.token });
      expect(download.status, JSON.stringify(download.body)).toBe(200);
      expect(download.body).toEqual({ download: { url: `/api/purchases/${id}/download/file`, name: 'Guía del reto.pdf' } });

      const file = await fetch(`${BASE_URL}/api/purchases/${id}/download/file`, { headers: { authorization: `Bearer ${buyer.token}` } });
      expect(file.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), pdf())).toBe(0);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; /);
      expect(file.headers.get('cache-control')).toBe('no-store');

      for (const path of [`/api/purchases/${id}/download`, `/api/purchases/${id}/download/file`]) {
        expect((await api('GET', path, { token: other.token })).status).toBe(404);
        expect((await api('GET', path)).status).toBe(401);
      }
    } finally {
      // Sold, so archived: off every list, and its buyer keeps the material.
      expect((await api('DELETE', `/api/class_packages/${pkg.class_package_id}`, { token: admin })).status).toBe(204);
    }
  });
});
