import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import type { PurchaseDoc, PurchaseStatus } from '../../../src/data/repos/purchases-repo';
import type { DocumentStore } from '../../../src/data/store/types';
import { signUp } from '../../../src/services/customers/sign-up';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  await env.store.doc('class_types/1').set({ class_type_id: 1, name: 'Indoor Cycling' });
  await env.store.doc('class_types/2').set({ class_type_id: 2, name: 'Yoga Vinyasa' });
});
afterEach(async () => {
  await env.cleanup();
});

const ADMIN = 'Bearer admin:a1';
const CUSTOMER = 'Bearer uid:c1';

interface PackageBody {
  class_package_id: number;
  title: string;
  home: boolean;
  status: string;
  [key: string]: unknown;
}

const app = () => createApp(env.deps);
const get = (path: string, auth?: string) => (auth ? request(app()).get(path).set('authorization', auth) : request(app()).get(path));

async function create(body: Record<string, unknown>): Promise<PackageBody> {
  const response = await request(app()).post('/api/class_packages').set('authorization', ADMIN).send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.class_package as PackageBody;
}

/** Every document of the collections, to prove a refused request wrote nothing. */
async function dump(store: DocumentStore, collections: string[]) {
  const out: Record<string, unknown> = {};
  for (const name of collections) {
    const snap = await store.collection(name).get();
    out[name] = Object.fromEntries(snap.docs.map((doc) => [doc.id, doc.data()]));
  }
  return out;
}

const oneOff = { title: 'Paquete 5 Clases', price: 950, class_amount: 5, expiration_days: 60 };
const subscription = {
  title: 'Ilimitado Mensual',
  price: 2400,
  class_amount: -1,
  expiration_days: 30,
  is_subscription: true,
  subscription_period: 'month',
  subscription_interval: 1,
};

const ids = (response: request.Response) => (response.body.class_packages as PackageBody[]).map((p) => p.class_package_id);

describe('class package kinds and lists', () => {
  it('creates every kind and lists each where it belongs, in a stable order', async () => {
    const five = await create(oneOff);
    const unlimited = await create(subscription);
    const trial = await create({ ...subscription, title: 'Prueba 7 Días', is_trial: true, free_trial_length: 7, limit_per_customer: 1 });
    const free = await create({ title: 'Primera Clase Gratis', price: 0, class_amount: 1, expiration_days: 15, limit_per_customer: 1 });
    const single = await create({ title: 'Clase Suelta', price: 220, class_amount: 1, expiration_days: 30 });
    const online = await create({ ...subscription, title: 'Online Ilimitado', price: 399, is_online: true });
    const special = await create({ title: 'Masterclass', price: 350, class_amount: 1, is_special_event: true, limit_per_customer: 2 });
    const inactive = await create({ ...oneOff, title: 'Paquete viejo', status: 'inactive' });
    const ten = await create({ ...oneOff, title: 'Paquete 10 Clases', price: 1700, sale_price: 1500, class_amount: 10 });

    expect(trial).toMatchObject({ is_trial: true, free_trial_length: 7, free_trial_period: 'day', is_subscription: true });
    expect(free).toMatchObject({
      price: 0,
      is_subscription: false,
      subscription_period: null,
      status: 'active',
      home: false,
      package_id: free.class_package_id,
    });
    expect(unlimited).toMatchObject({ class_amount: -1, subscription_period: 'month', subscription_interval: 1, is_trial: false, free_trial_period: null });

    // class_amount ascending, unlimited last; ties by the price charged, then id.
    expect(ids(await get('/api/class_packages'))).toEqual([
      free.class_package_id,
      single.class_package_id,
      special.class_package_id,
      five.class_package_id,
      ten.class_package_id,
      online.class_package_id,
      unlimited.class_package_id,
      trial.class_package_id,
    ]);
    expect(ids(await get('/api/class_packages/online/all'))).toEqual([online.class_package_id]);
    expect(ids(await get('/api/class_packages/presenciales/all'))).toEqual([
      free.class_package_id,
      single.class_package_id,
      five.class_package_id,
      ten.class_package_id,
      unlimited.class_package_id,
      trial.class_package_id,
    ]);
    expect(ids(await get('/api/class_packages/especiales/all'))).toEqual([special.class_package_id]);

    const admin = await get('/api/class_packages/admin/all', ADMIN);
    expect(admin.status).toBe(200);
    expect(ids(admin)).toContain(inactive.class_package_id);
    expect(ids(admin)).toHaveLength(9);
    expect(ids(await get('/api/class_packages'))).not.toContain(inactive.class_package_id);
  });

  it('adds to and removes from the home, per list', async () => {
    const five = await create(oneOff);
    const online = await create({ ...subscription, title: 'Online', is_online: true });
    const special = await create({ title: 'Masterclass', price: 350, class_amount: 1, is_special_event: true });
    for (const list of ['online', 'presenciales', 'especiales']) expect(ids(await get(`/api/class_packages/${list}/home`))).toEqual([]);

    for (const pkg of [five, online, special]) {
      const added = await request(app()).post(`/api/class_packages/${pkg.class_package_id}/home`).set('authorization', ADMIN);
      expect(added.status).toBe(200);
      expect(added.body.class_package.home).toBe(true);
    }
    // Adding twice is harmless.
    expect((await request(app()).post(`/api/class_packages/${five.class_package_id}/home`).set('authorization', ADMIN)).status).toBe(200);
    expect(ids(await get('/api/class_packages/presenciales/home'))).toEqual([five.class_package_id]);
    expect(ids(await get('/api/class_packages/online/home'))).toEqual([online.class_package_id]);
    expect(ids(await get('/api/class_packages/especiales/home'))).toEqual([special.class_package_id]);

    const removed = await request(app()).delete(`/api/class_packages/${five.class_package_id}/home`).set('authorization', ADMIN);
    expect(removed.status).toBe(204);
    expect(ids(await get('/api/class_packages/presenciales/home'))).toEqual([]);
    expect((await get(`/api/class_packages/${five.class_package_id}`)).body.class_package.home).toBe(false);

    const missing = await request(app()).post('/api/class_packages/999/home').set('authorization', ADMIN);
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('No encontramos el paquete.');
    expect((await request(app()).delete('/api/class_packages/999/home').set('authorization', ADMIN)).status).toBe(404);
    expect((await request(app()).post(`/api/class_packages/${five.class_package_id}/home`).set('authorization', CUSTOMER)).status).toBe(403);
  });

  it('names the class types of per-type entries', async () => {
    const pkg = await create({
      ...oneOff,
      class_package_types: [
        { class_type_id: 2, class_amount: 3, expiration_days: 30 },
        { class_type_id: 1, class_amount: -1 },
      ],
    });
    expect(pkg.class_package_types).toEqual([
      { class_type_id: 2, class_type: { class_type_id: 2, name: 'Yoga Vinyasa' }, class_amount: 3, expiration_days: 30 },
      { class_type_id: 1, class_type: { class_type_id: 1, name: 'Indoor Cycling' }, class_amount: -1, expiration_days: null },
    ]);
    // A type removed later shows as null instead of breaking the package.
    await env.store.doc('class_types/2').delete();
    const read = await get(`/api/class_packages/${pkg.class_package_id}`);
    expect((read.body.class_package as { class_package_types: Array<{ class_type: unknown }> }).class_package_types[0]?.class_type).toBeNull();
  });
});

describe('reading one package', () => {
  it('shows active packages to anyone and inactive ones only to admins', async () => {
    const active = await create(oneOff);
    const inactive = await create({ ...oneOff, status: 'inactive' });
    expect((await get(`/api/class_packages/${active.class_package_id}`)).status).toBe(200);
    const hidden = await get(`/api/class_packages/${inactive.class_package_id}`, CUSTOMER);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe('Lo sentimos, no encontramos el paquete que quieres comprar.');
    expect((await get(`/api/class_packages/${inactive.class_package_id}`, ADMIN)).status).toBe(200);
    expect((await get('/api/class_packages/999')).status).toBe(404);
    expect((await get('/api/class_packages/abc')).status).toBe(400);
  });
});

describe('updating', () => {
  it('keeps omitted fields and checks the rules on the merged package', async () => {
    const pkg = await create({ ...oneOff, sale_price: 900, home: true });
    const renamed = await request(app())
      .put('/api/class_packages')
      .set('authorization', ADMIN)
      .send({ class_package_id: pkg.class_package_id, title: 'Paquete 5' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.class_package).toMatchObject({ title: 'Paquete 5', price: 950, sale_price: 900, class_amount: 5, home: true });

    const before = await dump(env.store, ['class_packages', 'counters']);
    // The stored sale price (900) is not below the new price.
    const cheaper = await request(app()).put('/api/class_packages').set('authorization', ADMIN).send({ class_package_id: pkg.class_package_id, price: 800 });
    expect(cheaper.status).toBe(400);
    expect(cheaper.body.error.fields).toEqual({ sale_price: 'El precio de oferta debe ser menor al precio.' });
    // Becoming a subscription needs the stored period and interval, which a one-off does not have.
    const toSubscription = await request(app())
      .put('/api/class_packages')
      .set('authorization', ADMIN)
      .send({ class_package_id: pkg.class_package_id, is_subscription: true });
    expect(toSubscription.status).toBe(400);
    expect(Object.keys(toSubscription.body.error.fields).sort()).toEqual(['subscription_interval', 'subscription_period']);
    expect(await dump(env.store, ['class_packages', 'counters'])).toEqual(before);

    const missing = await request(app()).put('/api/class_packages').set('authorization', ADMIN).send({ class_package_id: 999, title: 'X' });
    expect(missing.status).toBe(404);
  });

  it('drops what belongs to another kind when the kind changes', async () => {
    const trial = await create({ ...subscription, is_trial: true, free_trial_length: 7, downloadable: true, file_url: 'https://example.com/guia.pdf' });
    const oneOffNow = await request(app())
      .put('/api/class_packages')
      .set('authorization', ADMIN)
      .send({ class_package_id: trial.class_package_id, is_subscription: false, is_trial: false, downloadable: false });
    expect(oneOffNow.status).toBe(200);
    expect(oneOffNow.body.class_package).toMatchObject({
      is_subscription: false,
      subscription_period: null,
      subscription_interval: null,
      is_trial: false,
      free_trial_length: null,
      file_url: null,
    });
  });
});

describe('validation', () => {
  const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['negative price', { ...oneOff, price: -1 }, { price: 'No puede ser negativo.' }],
    ['three decimals', { ...oneOff, price: 10.999 }, { price: 'Usa un monto con máximo 2 decimales.' }],
    ['price as text', { ...oneOff, price: '950' }, { price: 'Debe ser un número.' }],
    ['zero classes', { ...oneOff, class_amount: 0 }, { class_amount: 'Debe ser un número entero mayor a 0, o -1 para ilimitadas.' }],
    ['-2 classes', { ...oneOff, class_amount: -2 }, { class_amount: 'Debe ser un número entero mayor a 0, o -1 para ilimitadas.' }],
    ['fractional classes', { ...oneOff, class_amount: 2.5 }, { class_amount: 'Debe ser un número entero.' }],
    ['sale price not below price', { ...oneOff, sale_price: 950 }, { sale_price: 'El precio de oferta debe ser menor al precio.' }],
    ['free subscription', { ...subscription, price: 0 }, { is_subscription: 'Una oferta gratuita (precio 0) no puede ser una suscripción.' }],
    [
      'subscription without period',
      { ...oneOff, is_subscription: true },
      { subscription_period: 'Debes seleccionar una opción.', subscription_interval: 'Debes llenar este campo.' },
    ],
    ['unknown period', { ...subscription, subscription_period: 'week' }, { subscription_period: 'Debes seleccionar una opción.' }],
    [
      'trial that is not a subscription',
      { ...oneOff, is_trial: true, free_trial_length: 7 },
      { is_trial: 'Una prueba gratis debe ser una suscripción: el primer cobro llega al terminar la prueba.' },
    ],
    ['trial without days', { ...subscription, is_trial: true }, { free_trial_length: 'Indica los días de prueba (mínimo 1).' }],
    ['trial of 0 days', { ...subscription, is_trial: true, free_trial_length: 0 }, { free_trial_length: 'Debe ser un número positivo.' }],
    ['download without file', { ...oneOff, downloadable: true }, { file_url: 'Un paquete descargable necesita la dirección del archivo.' }],
    [
      'script link',
      { ...oneOff, downloadable: true, file_url: 'javascript:alert(1)' },
      { file_url: 'Debe ser una dirección http(s):// o una ruta que empiece con /.' },
    ],
    [
      'repeated class type',
      {
        ...oneOff,
        class_package_types: [
          { class_type_id: 1, class_amount: 2 },
          { class_type_id: 1, class_amount: 3 },
        ],
      },
      { class_package_types: 'Cada tipo de clase puede aparecer una sola vez.' },
    ],
    [
      'online with class types',
      { ...subscription, is_online: true, class_package_types: [{ class_type_id: 1, class_amount: 2 }] },
      { class_package_types: 'Un paquete online no incluye créditos por tipo de clase.' },
    ],
    ['unknown status', { ...oneOff, status: 'archived' }, { status: 'Debes seleccionar una opción.' }],
    ['mass assignment', { ...oneOff, archivedAt: null }, { _: 'El campo archivedAt no está permitido.' }],
    ['nothing', {}, { title: 'Debes llenar este campo.', price: 'Debes llenar este campo.', class_amount: 'Debes llenar este campo.' }],
  ];

  for (const [name, body, fields] of cases) {
    it(`refuses ${name} in Spanish and writes nothing`, async () => {
      const before = await dump(env.store, ['class_packages', 'counters']);
      const response = await request(app()).post('/api/class_packages').set('authorization', ADMIN).send(body);
      expect(response.status).toBe(400);
      expect(response.body.error.fields).toEqual(fields);
      const count = Object.keys(fields).length;
      if (count > 1) expect(response.body.error.message).toBe('Revisa los campos faltantes o inválidos');
      else if (!('_' in fields)) expect(response.body.error.message).toMatch(/^Revisa el campo: /);
      expect(await dump(env.store, ['class_packages', 'counters'])).toEqual(before);
    });
  }

  it('refuses per-type entries for class types that do not exist, writing nothing', async () => {
    const before = await dump(env.store, ['class_packages', 'counters']);
    const response = await request(app())
      .post('/api/class_packages')
      .set('authorization', ADMIN)
      .send({
        ...oneOff,
        class_package_types: [
          { class_type_id: 1, class_amount: 2 },
          { class_type_id: 99, class_amount: 2 },
        ],
      });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ 'class_package_types[1].class_type_id': 'No encontramos el tipo de clase 99.' });
    expect(await dump(env.store, ['class_packages', 'counters'])).toEqual(before);
  });

  it('accepts the limits of every range', async () => {
    await create({ ...oneOff, price: 0.01, sale_price: 0, class_amount: 1, expiration_days: 1, limit_per_customer: 1 });
    await create({ ...subscription, subscription_period: 'day', subscription_interval: 365, is_trial: true, free_trial_length: 365 });
    await create({ ...oneOff, price: 19.99, image: { src: '/api/files/raw/1.png' }, receipt_file: { src: 'https://cdn.example.com/r.png' } });
  });
});

describe('deleting', () => {
  let customerSeq = 0;
  async function purchase(
    classPackageId: number,
    customer: { customer_id: number; uid: string },
    status: PurchaseStatus = 'completed',
    createdAt = new Date('2026-11-01T12:00:00Z'),
  ) {
    const id = 100 + customerSeq++;
    const doc: PurchaseDoc = {
      purchase_id: id,
      customer_id: customer.customer_id,
      uid: customer.uid,
      class_package_id: classPackageId,
      class_package: {
        class_package_id: classPackageId,
        title: 'x',
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
      title: 'x',
      status,
      total_payment: 350,
      payment_method_id: 2,
      payment_method: 'Efectivo',
      is_gift: false,
      bill: false,
      source: 'checkout',
      granted_by: null,
      checkout_method: 'cash',
      subtotal: 350,
      discount: null,
      pay_by: null,
      payment_instructions: null,
      paid_at: createdAt,
      cancel_reason: null,
      subscription_id: null,
      subscription_period: null,
      subscription_interval: null,
      free_trial_length: null,
      class_amount: 1,
      expiration_days: null,
      createdAt,
      updatedAt: createdAt,
      cancelledAt: null,
      revokedAt: null,
    };
    await env.store.doc(`purchases/${id}`).set({ ...doc });
    return id;
  }
  const customer = async (uid: string, name: string, phone: string) => {
    const c = await signUp(env.deps, { uid, email: `${uid}@example.com`, emailVerified: true, admin: false }, { uid, name, last_name: 'Prueba', phone });
    return { customer_id: c.customer_id, uid };
  };

  it('removes a package that was never sold', async () => {
    const pkg = await create(oneOff);
    expect((await request(app()).delete(`/api/class_packages/${pkg.class_package_id}`).set('authorization', ADMIN)).status).toBe(204);
    expect((await env.store.doc(`class_packages/${pkg.class_package_id}`).get()).exists).toBe(false);
    const again = await request(app()).delete(`/api/class_packages/${pkg.class_package_id}`).set('authorization', ADMIN);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('No encontramos el paquete.');
  });

  it('archives a sold package: gone from every list, kept for history', async () => {
    const ana = await customer('ana', 'Ana', '5511111111');
    const pkg = await create({ title: 'Masterclass', price: 350, class_amount: 1, is_special_event: true, home: true });
    await purchase(pkg.class_package_id, ana);

    expect((await request(app()).delete(`/api/class_packages/${pkg.class_package_id}`).set('authorization', ADMIN)).status).toBe(204);
    const stored = (await env.store.doc(`class_packages/${pkg.class_package_id}`).get()).data();
    expect(stored).toMatchObject({ status: 'inactive', home: false, archivedAt: env.clock.now });
    for (const path of ['/api/class_packages', '/api/class_packages/especiales/all', '/api/class_packages/especiales/home'])
      expect(ids(await get(path))).toEqual([]);
    expect(ids(await get('/api/class_packages/admin/all', ADMIN))).toEqual([]);
    expect((await get(`/api/class_packages/${pkg.class_package_id}`)).status).toBe(404);
    const forAdmin = await get(`/api/class_packages/${pkg.class_package_id}`, ADMIN);
    expect(forAdmin.body.class_package.archivedAt).toBe(env.clock.now.toISOString());
    expect(
      (await request(app()).put('/api/class_packages').set('authorization', ADMIN).send({ class_package_id: pkg.class_package_id, status: 'active' })).status,
    ).toBe(404);
    expect((await request(app()).delete(`/api/class_packages/${pkg.class_package_id}`).set('authorization', ADMIN)).status).toBe(404);
    // The attendee list still answers: it is history.
    const attendees = await get(`/api/class_packages/especiales/${pkg.class_package_id}/asistentes`, ADMIN);
    expect(attendees.body.asistentes).toHaveLength(1);
  });

  it('lists the attendees of a special event, one row per customer with a place', async () => {
    const ana = await customer('ana', 'Ana', '5511111111');
    const diego = await customer('diego', 'Diego', '5522222222');
    const luis = await customer('luis', 'Luis', '5533333333');
    const event = await create({ title: 'Masterclass', price: 350, class_amount: 1, is_special_event: true, limit_per_customer: 2 });
    const other = await create({ ...oneOff, is_special_event: false });
    const d1 = await purchase(event.class_package_id, diego, 'completed', new Date('2026-11-02T10:00:00Z'));
    const a1 = await purchase(event.class_package_id, ana, 'pending', new Date('2026-11-03T10:00:00Z'));
    const a2 = await purchase(event.class_package_id, ana, 'completed', new Date('2026-11-01T10:00:00Z'));
    await purchase(event.class_package_id, luis, 'revoked');
    await purchase(event.class_package_id, luis, 'failed');
    await purchase(other.class_package_id, luis, 'completed');

    const response = await get(`/api/class_packages/especiales/${event.class_package_id}/asistentes`, ADMIN);
    expect(response.status).toBe(200);
    expect(response.body.asistentes).toEqual([
      {
        customer_id: ana.customer_id,
        name: 'Ana',
        last_name: 'Prueba',
        email: 'ana@example.com',
        phone: '5511111111',
        purchases: 2,
        purchase_ids: [a2, a1],
        first_purchase_at: '2026-11-01T10:00:00.000Z',
      },
      {
        customer_id: diego.customer_id,
        name: 'Diego',
        last_name: 'Prueba',
        email: 'diego@example.com',
        phone: '5522222222',
        purchases: 1,
        purchase_ids: [d1],
        first_purchase_at: '2026-11-02T10:00:00.000Z',
      },
    ]);
    expect((await get(`/api/class_packages/especiales/${other.class_package_id}/asistentes`, ADMIN)).status).toBe(404);
    expect((await get('/api/class_packages/especiales/999/asistentes', ADMIN)).status).toBe(404);
    expect((await get(`/api/class_packages/especiales/${event.class_package_id}/asistentes`, CUSTOMER)).status).toBe(403);
  });
});
