import { afterAll, describe, expect, it } from 'vitest';
import { api, countDocs, newCustomer, newIdentity, seed, signIn, store } from './support';

afterAll(async () => {
  await store().close();
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type PageBody = { page: { page_id: number; slug: string; title: string; content: string | null; required: boolean } };

const adminToken = async () => (await signIn(seed.admin.email, seed.admin.password)).token;

describe('GET /api/appconfig', () => {
  it('lists every key with the demo defaults and the web identity config', async () => {
    const response = await api<Array<{ key: string; value: unknown }>>('GET', '/api/appconfig');
    expect(response.status).toBe(200);
    const config = Object.fromEntries(response.body.map((e) => [e.key, e.value]));
    for (const key of [
      'business_name',
      'primary',
      'accent',
      'dark',
      'gray',
      'light',
      'primary-light',
      'class_packages_name',
      'class_packages_path',
      'cash_checkout_enabled',
      'discounts_enabled',
      'timezone_offset',
      'cancel_timeframe_unit',
      'hero_order',
      'signup_fee',
    ]) {
      expect(config, key).toHaveProperty(key);
    }
    expect(config.class_packages_name).toBe('Paquetes');
    expect(config.class_packages_path).toBe('/paquetes');
    expect(config.firebaseConfig).toMatchObject({ projectId: 'demo-studio', emulators: { auth: 'http://127.0.0.1:9099' } });
  });
});

describe('PUT /api/appconfig', () => {
  it('lets an admin change typed values and rejects wrong types and unknown keys without writing', async () => {
    const token = await adminToken();
    const changed = await api<Array<{ key: string; value: unknown }>>('PUT', '/api/appconfig', {
      token,
      body: {
        entries: [
          { key: 'banner_enabled', value: true },
          { key: 'banner_text', value: '¡2x1 en diciembre!' },
        ],
      },
    });
    expect(changed.status).toBe(200);
    const config = Object.fromEntries(changed.body.map((e) => [e.key, e.value]));
    expect(config.banner_enabled).toBe(true);
    expect(config.banner_text).toBe('¡2x1 en diciembre!');

    const before = (await store().doc('app_config/main').get()).data();
    const wrongType = await api<ErrorBody>('PUT', '/api/appconfig', { token, body: { entries: [{ key: 'banner_enabled', value: 'sí' }] } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.fields?.['entries[0].value']).toBe('Debe ser verdadero o falso.');
    const unknown = await api<ErrorBody>('PUT', '/api/appconfig', { token, body: { entries: [{ key: 'stripe_secret', value: 'x' }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.fields?.['entries[0].value']).toBe('La clave de configuración stripe_secret no existe.');
    const badColor = await api('PUT', '/api/appconfig', { token, body: { entries: [{ key: 'primary', value: 'red; }' }] } });
    expect(badColor.status).toBe(400);
    expect((await store().doc('app_config/main').get()).data()).toEqual(before);

    await api('PUT', '/api/appconfig', {
      token,
      body: {
        entries: [
          { key: 'banner_enabled', value: false },
          { key: 'banner_text', value: '' },
        ],
      },
    });
  });
});

describe('/api/pages', () => {
  it('runs the whole life of a page: create, read by slug, update, delete', async () => {
    const token = await adminToken();
    const created = await api<PageBody>('POST', '/api/pages', {
      token,
      body: { title: 'Reglamento', slug: 'reglamento-api', content: '<p>Trae toalla.</p>', required: false, required_signup: false },
    });
    expect(created.status).toBe(201);
    const id = created.body.page.page_id;
    expect(typeof id).toBe('number');

    const read = await api<PageBody>('GET', '/api/pages/reglamento-api');
    expect(read.status).toBe(200);
    expect(read.body.page).toMatchObject({ title: 'Reglamento', content: '<p>Trae toalla.</p>' });

    const list = await api<{ pages: Array<{ slug: string }> }>('GET', '/api/pages');
    expect(list.body.pages.map((p) => p.slug)).toEqual(expect.arrayContaining(['terminos-y-condiciones', 'reglamento-api']));

    const updated = await api<PageBody>('PUT', '/api/pages', {
      token,
      body: { page_id: id, title: 'Reglamento del estudio', slug: 'reglamento-estudio-api', content: '' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.page).toMatchObject({ slug: 'reglamento-estudio-api', content: null });
    expect((await api('GET', '/api/pages/reglamento-api')).status).toBe(404);

    const removed = await api('DELETE', `/api/pages/${id}`, { token });
    expect(removed.status).toBe(204);
    expect((await api('GET', '/api/pages/reglamento-estudio-api')).status).toBe(404);
    expect((await api('DELETE', `/api/pages/${id}`, { token })).status).toBe(404);
  });

  it('keeps slugs unique and away from app routes', async () => {
    const token = await adminToken();
    const taken = await api<ErrorBody>('POST', '/api/pages', { token, body: { title: 'Copia', slug: 'terminos-y-condiciones' } });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('Ya existe una página con esa dirección.');
    const reserved = await api<ErrorBody>('POST', '/api/pages', { token, body: { title: 'Entrar', slug: 'entrar' } });
    expect(reserved.status).toBe(400);
    expect(reserved.body.error.fields?.slug).toBe('Esa dirección está reservada por la aplicación.');
    const malformed = await api<ErrorBody>('POST', '/api/pages', { token, body: { title: 'X', slug: '../etc' } });
    expect(malformed.status).toBe(400);
  });

  it('makes one page when two admins create the same slug at once', async () => {
    const token = await adminToken();
    const before = await countDocs('pages');
    const results = await Promise.all([1, 2, 3, 4].map((n) => api('POST', '/api/pages', { token, body: { title: `Carrera ${n}`, slug: 'carrera-de-slugs' } })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await countDocs('pages')).toBe(before + 1);
  });
});

describe('/api/accepted_pages', () => {
  it('records acceptance once and lists the own records', async () => {
    const customer = await newCustomer();
    const first = await api<{ accepted_page: { page_id: number; accepted_at: string } }>('POST', '/api/accepted_pages', {
      token: customer.token,
      body: { page_id: 3 },
    });
    expect(first.status).toBe(201);
    const again = await api<{ accepted_page: { accepted_at: string } }>('POST', '/api/accepted_pages', {
      token: customer.token,
      body: { page_id: 3, customer_id: customer.customerId },
    });
    expect(again.body.accepted_page.accepted_at).toBe(first.body.accepted_page.accepted_at);

    const list = await api<{ accepted_pages: Array<{ page_id: number }> }>('GET', '/api/accepted_pages', { token: customer.token });
    expect(list.body.accepted_pages.map((a) => a.page_id)).toEqual([1, 2, 3]);
    const me = await api<{ customer: { accepted_pages: number[] } }>('GET', '/api/customer', { token: customer.token });
    expect(me.body.customer.accepted_pages).toEqual([1, 2, 3]);
  });

  it('refuses recording for another customer, unknown pages and identities without a customer', async () => {
    const a = await newCustomer();
    const b = await newCustomer();
    expect((await api('POST', '/api/accepted_pages', { token: a.token, body: { page_id: 3, customer_id: b.customerId } })).status).toBe(403);
    expect((await api('POST', '/api/accepted_pages', { token: a.token, body: { page_id: 9999 } })).status).toBe(404);
    expect((await api('POST', '/api/accepted_pages', { token: a.token, body: { page_id: 'tres' } })).status).toBe(400);
    const stranger = await newIdentity();
    expect((await api('GET', '/api/accepted_pages', { token: stranger.token })).status).toBe(404);
    const bPages = await store().collection(`customers/${b.uid}/accepted_pages`).count();
    expect(bPages).toBe(2);
  });
});
