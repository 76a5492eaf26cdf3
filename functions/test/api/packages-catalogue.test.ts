/**
 * Class packages through the deployed shape (Hosting → function, Auth
 * emulator tokens), on the seeded demo studio. Other test files may add
 * packages to the same store, so list checks look at the seed's ids (1–9).
 */
import type { SpecialEventAttendee } from '@studio/shared/schemas/class-package';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newCustomer, seed, signIn, store } from './support';

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type ListBody = { class_packages: ClassPackage[] };
type OneBody = { class_package: ClassPackage };

let admin: string;
beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});
afterAll(async () => {
  await store().close();
});

const SEED_IDS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]);
const seedIds = async (path: string, token?: string) => {
  const response = await api<ListBody>('GET', path, token ? { token } : {});
  expect(response.status).toBe(200);
  return response.body.class_packages.map((p) => p.class_package_id).filter((id) => SEED_IDS.has(id));
};

async function packagesSnapshot() {
  const snap = await store().collection('class_packages').get();
  return { docs: Object.fromEntries(snap.docs.map((d) => [d.id, d.data()])), counter: (await store().doc('counters/class_packages').get()).data() };
}

describe('public lists on the seed', () => {
  it('puts every kind in its list, class_amount ascending with unlimited last', async () => {
    // 1 free, 2 single, 9 special (1 class each, by price); 3 (5 classes); 4 (10); unlimited by price: 8, 5, 7 (same price as 5, higher id), 6.
    expect(await seedIds('/api/class_packages')).toEqual([1, 2, 9, 3, 4, 8, 5, 7, 6]);
    expect(await seedIds('/api/class_packages/presenciales/all')).toEqual([1, 2, 3, 4, 5, 7, 6]);
    expect(await seedIds('/api/class_packages/online/all')).toEqual([8]);
    expect(await seedIds('/api/class_packages/especiales/all')).toEqual([9]);
    expect(await seedIds('/api/class_packages/presenciales/home')).toEqual(expect.arrayContaining([1, 3, 5]));
    expect(await seedIds('/api/class_packages/online/home')).toEqual([]);
    expect(await seedIds('/api/class_packages/especiales/home')).toEqual([]);
  });

  it('answers one package with the spec’s fields', async () => {
    const response = await api<OneBody>('GET', '/api/class_packages/7');
    expect(response.status).toBe(200);
    expect(response.body.class_package).toMatchObject({
      class_package_id: 7,
      package_id: 7,
      title: 'Prueba 7 Días',
      price: 2400,
      sale_price: null,
      class_amount: -1,
      is_subscription: true,
      subscription_period: 'month',
      subscription_interval: 1,
      is_trial: true,
      free_trial_length: 7,
      free_trial_period: 'day',
      limit_per_customer: 1,
      status: 'active',
      archivedAt: null,
    });
    const missing = await api<ErrorBody>('GET', '/api/class_packages/9999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Lo sentimos, no encontramos el paquete que quieres comprar.');
  });
});

describe('admin management', () => {
  it('runs the life of a package: create, read, update, home, delete', async () => {
    const created = await api<OneBody>('POST', '/api/class_packages', {
      token: admin,
      body: {
        title: 'Paquete 20 Clases',
        short_description: 'Para las constantes.',
        price: 3000,
        sale_price: 2800,
        class_amount: 20,
        expiration_days: 120,
        class_package_types: [{ class_type_id: 1, class_amount: 5, expiration_days: 60 }],
      },
    });
    expect(created.status).toBe(201);
    const pkg = created.body.class_package;
    expect(pkg.class_package_types).toEqual([
      { class_type_id: 1, class_type: { class_type_id: 1, name: 'Indoor Cycling' }, class_amount: 5, expiration_days: 60 },
    ]);
    expect((await seedIds('/api/class_packages')).length).toBe(9);
    const all = await api<ListBody>('GET', '/api/class_packages/presenciales/all');
    expect(all.body.class_packages.map((p) => p.class_package_id)).toContain(pkg.class_package_id);

    const updated = await api<OneBody>('PUT', '/api/class_packages', { token: admin, body: { class_package_id: pkg.class_package_id, status: 'inactive' } });
    expect(updated.status).toBe(200);
    expect(updated.body.class_package).toMatchObject({ status: 'inactive', price: 3000, sale_price: 2800, title: 'Paquete 20 Clases' });
    expect((await api('GET', `/api/class_packages/${pkg.class_package_id}`)).status).toBe(404);
    const adminList = await api<ListBody>('GET', '/api/class_packages/admin/all', { token: admin });
    expect(adminList.body.class_packages.map((p) => p.class_package_id)).toContain(pkg.class_package_id);

    await api('PUT', '/api/class_packages', { token: admin, body: { class_package_id: pkg.class_package_id, status: 'active' } });
    const home = await api<OneBody>('POST', `/api/class_packages/${pkg.class_package_id}/home`, { token: admin });
    expect(home.status).toBe(200);
    expect(home.body.class_package.home).toBe(true);
    expect((await api<ListBody>('GET', '/api/class_packages/presenciales/home')).body.class_packages.map((p) => p.class_package_id)).toContain(
      pkg.class_package_id,
    );
    expect((await api('DELETE', `/api/class_packages/${pkg.class_package_id}/home`, { token: admin })).status).toBe(204);
    expect((await api<ListBody>('GET', '/api/class_packages/presenciales/home')).body.class_packages.map((p) => p.class_package_id)).not.toContain(
      pkg.class_package_id,
    );

    expect((await api('DELETE', `/api/class_packages/${pkg.class_package_id}`, { token: admin })).status).toBe(204);
    expect((await store().doc(`class_packages/${pkg.class_package_id}`).get()).exists).toBe(false);
  });

  it('refuses invalid packages in Spanish and writes nothing', async () => {
    const before = await packagesSnapshot();
    const bad: Array<[Record<string, unknown>, string]> = [
      [
        { title: 'Gratis mensual', price: 0, class_amount: -1, is_subscription: true, subscription_period: 'month', subscription_interval: 1 },
        'is_subscription',
      ],
      [{ title: 'Prueba', price: 100, class_amount: 1, is_trial: true, free_trial_length: 7 }, 'is_trial'],
      [{ title: 'Caro', price: 100, sale_price: 120, class_amount: 1 }, 'sale_price'],
      [{ title: 'Cero', price: 100, class_amount: 0 }, 'class_amount'],
      [
        { title: 'Tipos', price: 100, class_amount: 1, class_package_types: [{ class_type_id: 4040, class_amount: 1 }] },
        'class_package_types[0].class_type_id',
      ],
    ];
    for (const [body, field] of bad) {
      const response = await api<ErrorBody>('POST', '/api/class_packages', { token: admin, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.body.error.fields ?? {})).toEqual([field]);
    }
    expect(await packagesSnapshot()).toEqual(before);
  });

  it('archives a sold special event and still lists its attendees', async () => {
    const created = await api<OneBody>('POST', '/api/class_packages', {
      token: admin,
      body: { title: 'Clase de Aniversario', price: 300, class_amount: 1, is_special_event: true, limit_per_customer: 2 },
    });
    const id = created.body.class_package.class_package_id;
    const buyer = await newCustomer({ name: 'Renata', last_name: 'Solís' });
    const at = new Date('2026-11-20T17:00:00Z');
    await store()
      .doc('purchases/900001')
      .set({
        purchase_id: 900001,
        customer_id: buyer.customerId,
        uid: buyer.uid,
        class_package_id: id,
        class_package: {
          class_package_id: id,
          title: 'Clase de Aniversario',
          class_amount: 1,
          expiration_days: null,
          is_subscription: false,
          subscription_period: null,
          subscription_interval: null,
          is_online: false,
          is_special_event: true,
          is_trial: false,
          free_trial_length: null,
        },
        title: 'Clase de Aniversario',
        status: 'completed',
        total_payment: 300,
        payment_method_id: 2,
        payment_method: 'Efectivo',
        is_gift: false,
        bill: false,
        source: 'checkout',
        granted_by: null,
        subscription_id: null,
        subscription_period: null,
        subscription_interval: null,
        free_trial_length: null,
        class_amount: 1,
        expiration_days: null,
        createdAt: at,
        updatedAt: at,
        cancelledAt: null,
        revokedAt: null,
      });

    const attendees = await api<{ asistentes: SpecialEventAttendee[] }>('GET', `/api/class_packages/especiales/${id}/asistentes`, { token: admin });
    expect(attendees.status).toBe(200);
    expect(attendees.body.asistentes).toEqual([
      {
        customer_id: buyer.customerId,
        name: 'Renata',
        last_name: 'Solís',
        email: buyer.email,
        phone: buyer.phone,
        purchases: 1,
        purchase_ids: [900001],
        first_purchase_at: at.toISOString(),
      },
    ]);

    expect((await api('DELETE', `/api/class_packages/${id}`, { token: admin })).status).toBe(204);
    expect((await store().doc(`class_packages/${id}`).get()).get('archivedAt')).toBeInstanceOf(Date);
    expect((await api<ListBody>('GET', '/api/class_packages/especiales/all')).body.class_packages.map((p) => p.class_package_id)).not.toContain(id);
    expect((await api<{ asistentes: unknown[] }>('GET', `/api/class_packages/especiales/${id}/asistentes`, { token: admin })).body.asistentes).toHaveLength(1);
  });
});
