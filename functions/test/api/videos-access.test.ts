/** Who may watch videos, through the deployed shape. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, newCustomer, seed, signIn, store } from './support';

let admin: string;
beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});
afterAll(async () => {
  await store().close();
});

/** What these tests read of the answers (the unit tests check the full shapes). */
interface Body {
  message: string;
  error: { code: string; message: string };
  purchase: { purchase_id: number; total_payment: number };
  available_classes: Array<{ expiration_date: string | null }>;
  customer: { has_unlimited: boolean; unlimited_membership_expiration: string | null };
  entries: Array<{ kind: string; delta: number }>;
  balance: { ledger_total: number; lots_total: number };
  videos: Array<{ video_id: number; name: string }>;
  video: { video_id: number; name: string };
  page_size: number;
}
const NO_MEMBERSHIP = 'Lo sentimos, no cuentas con una membresía activa para clases online';

describe('videos', () => {
  it('are open to the demo customer with an online membership, closed to the one without', async () => {
    const diego = await signIn('diego.hernandez@example.com', 'Cliente.Diego.2026');
    const list = await api<Body>('GET', '/api/videos', { token: diego.token });
    expect(list.status).toBe(200);
    expect(list.body.page_size).toBe(32);
    expect(list.body.videos.length).toBeGreaterThan(0);
    const [first] = list.body.videos;
    const one = await api<Body>('GET', `/api/videos/${first?.video_id}`, { token: diego.token });
    expect(one.body.video.name).toBe(first?.name);
    const ana = await signIn(seed.ana.email, seed.ana.password);
    const refused = await api<Body>('GET', '/api/videos', { token: ana.token });
    expect(refused.status).toBe(412);
    expect(refused.body.error.message).toBe(NO_MEMBERSHIP);
  });

  it('follow the membership: granted → 200, revoked → 412', async () => {
    const customer = await newCustomer();
    expect((await api('GET', '/api/videos', { token: customer.token })).status).toBe(412);
    const granted = await api<Body>('POST', '/api/customer/giveAccess', {
      token: admin,
      body: { customer_id: customer.customerId, class_package_id: 8, is_gift: true },
    });
    expect(granted.status).toBe(201);
    expect((await api('GET', '/api/videos', { token: customer.token })).status).toBe(200);
    await api('PUT', '/api/customer/revokeAccess', { token: admin, body: { purchase_id: granted.body.purchase.purchase_id } });
    expect((await api('GET', '/api/videos', { token: customer.token })).status).toBe(412);
  });

  it('are written by admins and answered 404 in Spanish when missing', async () => {
    const created = await api<Body>('POST', '/api/videos', {
      token: admin,
      body: { name: 'Prueba API', url: 'https://player.vimeo.com/video/9', instructor_id: 1, tags: [1], duration: 15 },
    });
    expect(created.status).toBe(201);
    expect(created.body.video).toMatchObject({
      name: 'Prueba API',
      instructor: expect.objectContaining({ instructor_id: 1 }),
      tags: [expect.objectContaining({ tag_id: 1 })],
    });
    const missing = await api<Body>('GET', '/api/videos/999999', { token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Lo sentimos, no hemos encontrado este video.');
    expect((await api('DELETE', `/api/videos/${created.body.video.video_id}`, { token: admin })).status).toBe(204);
  });
});
