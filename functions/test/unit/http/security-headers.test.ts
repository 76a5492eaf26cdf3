import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(() => {
  env = testEnv();
});
afterEach(async () => {
  await env.cleanup();
});

/** The local stack's Hosting emulator forwards the visitor's host, as production Hosting does. */
const SITE = '127.0.0.1:5000';
const APP_ORIGIN = `http://${SITE}`;
const EVIL = 'https://evil.example';
const ADMIN = 'Bearer admin:a1';
const signupBody = { uid: 'u1', name: 'Ana', last_name: 'López', phone: '5512345678' };

describe('security headers on API answers', () => {
  it('every answer forbids loading and framing, pins https and keeps the earlier headers', async () => {
    const app = createApp(env.deps);
    const answers = await Promise.all([
      // Signed in: public reads are cacheable only for anonymous visitors (public-cache.test.ts).
      request(app).get('/api/appconfig').set('authorization', ADMIN),
      request(app).get('/api/no-such-route'),
      request(app).post('/api/customer/signup').set('authorization', 'Bearer expired').send(signupBody),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 401]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('same-origin');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });

  it('routes that set their own caching keep it and still get the security headers', async () => {
    const sitemap = await request(createApp(env.deps)).get('/sitemap.xml').set('x-forwarded-host', SITE);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['cache-control']).toContain('s-maxage');
    expect(sitemap.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(sitemap.headers['strict-transport-security']).toContain('max-age=31536000');
  });
});

describe('CORS: only the app’s own origins', () => {
  it('allows the site the request came through (local stack and production hosts alike) and says the answer varies by Origin', async () => {
    const app = createApp(env.deps);
    for (const [host, origin] of [
      [SITE, APP_ORIGIN],
      ['localhost:5000', 'http://localhost:5000'],
      ['demo-studio.web.app', 'https://demo-studio.web.app'],
    ] as const) {
      const response = await request(app).get('/api/appconfig').set('x-forwarded-host', host).set('origin', origin);
      expect(response.status).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(origin);
      expect(response.headers.vary).toMatch(/\bOrigin\b/);
    }
  });

  it('lets the app origin write, and answers its preflight with the methods and headers the web uses', async () => {
    const app = createApp(env.deps);
    const preflight = await request(app)
      .options('/api/customer/signup')
      .set('x-forwarded-host', SITE)
      .set('origin', APP_ORIGIN)
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'authorization, content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Authorization.*Content-Type/);

    const signup = await request(app)
      .post('/api/customer/signup')
      .set('x-forwarded-host', SITE)
      .set('origin', APP_ORIGIN)
      .set('authorization', 'Bearer uid:u1')
      .send(signupBody);
    expect(signup.status).toBe(201);
    expect(signup.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  });

  it('allows the studio’s configured domain when the request came through another host', async () => {
    const app = createApp(env.deps);
    const saved = await request(app)
      .put('/api/appconfig')
      .set('authorization', ADMIN)
      .send({ entries: [{ key: 'domain', value: 'estudiolatido.mx' }] });
    expect(saved.status).toBe(200);
    const response = await request(app).get('/api/appconfig').set('x-forwarded-host', 'demo-studio.web.app').set('origin', 'https://estudiolatido.mx');
    expect(response.headers['access-control-allow-origin']).toBe('https://estudiolatido.mx');
  });

  it('gives a foreign origin no permission: reads unreadable, preflights and writes refused before any work', async () => {
    const app = createApp(env.deps);
    const read = await request(app).get('/api/appconfig').set('x-forwarded-host', SITE).set('origin', EVIL);
    expect(read.status).toBe(200);
    expect(read.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await request(app)
      .options('/api/customer/signup')
      .set('x-forwarded-host', SITE)
      .set('origin', EVIL)
      .set('access-control-request-method', 'POST');
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();

    // A form or text/plain POST needs no preflight: the server itself must refuse it.
    const write = await request(app)
      .post('/api/customer/signup')
      .set('x-forwarded-host', SITE)
      .set('origin', EVIL)
      .set('authorization', 'Bearer uid:u1')
      .send(signupBody);
    expect(write.status).toBe(403);
    expect(write.headers['access-control-allow-origin']).toBeUndefined();
    expect(write.body.error).toEqual({ code: 'http/origin-not-allowed', message: 'No tienes permiso para realizar esta acción.' });
    expect(await env.store.collection('customers').count()).toBe(0);
  });

  it('refuses look-alikes: another port, a suffix of the host, an opaque origin', async () => {
    const app = createApp(env.deps);
    for (const origin of ['http://127.0.0.1:5001', 'http://127.0.0.1:5000.evil.example', 'null', `${APP_ORIGIN}/path`]) {
      const response = await request(app)
        .post('/api/customer/signup')
        .set('x-forwarded-host', SITE)
        .set('origin', origin)
        .set('authorization', 'Bearer uid:u1')
        .send(signupBody);
      expect(response.status, origin).toBe(403);
    }
  });

  it('leaves requests without an Origin alone: processors’ webhooks reach their route', async () => {
    const app = createApp(env.deps);
    const stripe = await request(app)
      .post('/api/webhooks/stripe')
      .set('content-type', 'application/json')
      .set('stripe-signature', 't=1,v1=abc')
      .send('{"id":"evt_1"}');
    const paypal = await request(app).post('/api/webhooks/paypal').send({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.COMPLETED' });
    for (const answer of [stripe, paypal]) {
      expect(answer.status).not.toBe(403);
      expect(answer.body.error?.code ?? '').not.toBe('http/origin-not-allowed');
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['strict-transport-security']).toContain('max-age=31536000');
    }
  });
});
