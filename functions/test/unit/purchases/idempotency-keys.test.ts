/**
 * Idempotency keys (ADR 0101) on admin grants and purchase-creating calls: a
 * retried request gets the first answer and does nothing; another body under
 * the same key, a malformed key and a key still in flight are refused; a
 * failed attempt stores nothing; keys are per caller and expire. Also: admin
 * grants refuse archived packages, and the files list bounds its page.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS, runIdempotent } from '../../../src/services/idempotency';
import { attemptCheckout } from '../../../src/services/purchases/attempt-checkout';
import { adminToken, customers, http, packages, seedAccessFixtures, snapshotOf, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  // Same-key requests race on one document by design: short retry waits keep the test quick.
  env = testEnv({ retryBackoff: { initialDelayMs: 10, factor: 1.5, maxDelayMs: 100 } });
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
});
afterEach(async () => {
  await env.cleanup();
});

type Doc = Record<string, unknown>;
const KEY = 'grant-7f3c2a9e-4d1b';
const docs = async (collection: string) => (await env.store.collection(collection).get()).docs.map((d) => d.data() as Doc);
const writes = () => snapshotOf(env.store, ['purchases', 'available_classes', 'credit_ledger', 'customers', 'counters', 'idempotency_keys']);
const grantBody = { customer_id: 2, class_package_id: 4, payment_method_id: 1 };
const giveAccess = (body: Doc, key?: string, token = adminToken) => {
  const call = http(env).post('/api/customer/giveAccess').set('authorization', token);
  return (key === undefined ? call : call.set('Idempotency-Key', key)).send(body);
};
const attempt = (uid: string, body: Doc, key?: string) => {
  const call = http(env).post('/api/checkout/attempt').set('authorization', tokenOf(uid));
  return (key === undefined ? call : call.set('Idempotency-Key', key)).send(body);
};

describe('Idempotency-Key on POST /api/customer/giveAccess', () => {
  it('grants once for a double submit and answers the retry with the first answer', async () => {
    const first = await giveAccess(grantBody, KEY);
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const afterFirst = await writes();

    const retry = await giveAccess(grantBody, KEY);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await writes()).toEqual(afterFirst);
    expect(await docs('purchases')).toHaveLength(1);
    expect(await docs('credit_ledger')).toHaveLength(1);
  });

  it('stores the answer in the grant transaction, for 24 hours', async () => {
    const first = await giveAccess(grantBody, KEY);
    const [record] = await docs('idempotency_keys');
    expect(record).toMatchObject({
      uid: 'valeria',
      route: 'customer/giveAccess',
      state: 'done',
      status: 201,
      expireAt: new Date(T0.getTime() + IDEMPOTENCY_TTL_MS),
    });
    expect(JSON.parse(record?.answer as string)).toEqual(first.body);
    expect(record).not.toHaveProperty('key');
  });

  it('refuses the same key with another body, in Spanish, and writes nothing', async () => {
    await giveAccess(grantBody, KEY);
    const before = await writes();
    const other = await giveAccess({ ...grantBody, class_package_id: 3 }, KEY);
    expect(other.status).toBe(409);
    expect(other.body.error).toMatchObject({
      code: 'idempotency/key-reused',
      message: 'Esta clave Idempotency-Key ya se usó con otros datos. Genera una nueva para una solicitud distinta.',
    });
    expect(await writes()).toEqual(before);
  });

  it('takes the same body with its fields in another order as the same request', async () => {
    const first = await giveAccess({ customer_id: 2, class_package_id: 4, payment_method_id: 1 }, KEY);
    const retry = await giveAccess({ payment_method_id: 1, class_package_id: 4, customer_id: 2 }, KEY);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await docs('purchases')).toHaveLength(1);
  });

  it.each([
    ['too short', 'abc1234'],
    ['a space', 'abc 12345'],
    ['punctuation', 'abc.12345/x'],
    ['too long', 'k'.repeat(256)],
  ])('refuses a malformed key (%s) with a 400 before any work', async (_label, key) => {
    const before = await writes();
    const response = await giveAccess(grantBody, key);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'idempotency/invalid-key',
      message: 'La clave Idempotency-Key debe tener de 8 a 255 letras, números, guiones o guiones bajos.',
    });
    expect(await writes()).toEqual(before);
  });

  it('grants as today without a key: two submits, two grants', async () => {
    expect((await giveAccess(grantBody)).status).toBe(201);
    expect((await giveAccess(grantBody)).status).toBe(201);
    expect(await docs('purchases')).toHaveLength(2);
    expect(await docs('idempotency_keys')).toEqual([]);
  });

  it('does the work once when the same key arrives many times at once', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => giveAccess(grantBody, KEY)));
    const statuses = responses.map((r) => r.status);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      JSON.stringify(statuses),
    ).toBe(true);
    const granted = responses.filter((r) => r.status === 201);
    expect(granted.length).toBeGreaterThanOrEqual(1);
    for (const r of granted) expect(r.body).toEqual(granted[0]?.body);
    for (const r of responses.filter((x) => x.status === 409)) {
      expect(r.body.error).toMatchObject({
        code: 'idempotency/in-progress',
        message: 'Tu solicitud anterior con esta clave sigue en proceso. Espera unos segundos e intenta de nuevo.',
      });
    }
    expect(await docs('purchases')).toHaveLength(1);
    expect(await docs('credit_ledger')).toHaveLength(1);
  });

  it('keeps keys apart per caller, and forgets them after 24 hours', async () => {
    await giveAccess(grantBody, KEY);
    expect((await giveAccess(grantBody, KEY, 'Bearer admin:rocio')).headers['idempotent-replayed']).toBeUndefined();
    expect(await docs('purchases')).toHaveLength(2);
    env.clock.now = new Date(T0.getTime() + IDEMPOTENCY_TTL_MS + 1);
    const later = await giveAccess(grantBody, KEY);
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await docs('purchases')).toHaveLength(3);
  });

  it('stores no refusal: the retry of a refused request runs again', async () => {
    await env.store.doc('class_packages/4').update({ archivedAt: T0 });
    expect((await giveAccess(grantBody, KEY)).status).toBe(409);
    expect(await docs('idempotency_keys')).toEqual([]);
    await env.store.doc('class_packages/4').update({ archivedAt: null });
    const retry = await giveAccess(grantBody, KEY);
    expect(retry.status).toBe(201);
    expect(await docs('purchases')).toHaveLength(1);
  });
});

describe('the in-flight lease', () => {
  it('answers 409 while the first attempt works, and lets a retry take over once its lease has run out', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const call = { uid: 'valeria', route: 'test', key: KEY, request: { a: 1 } };
    let runs = 0;
    const work = async () => {
      runs += 1;
      await gate;
      return { status: 201, body: { run: runs } };
    };
    const first = runIdempotent(env.deps, call, work);
    await expect(runIdempotent(env.deps, call, work)).rejects.toMatchObject({ kind: 'conflict', code: 'idempotency/in-progress' });
    env.clock.now = new Date(T0.getTime() + IDEMPOTENCY_LEASE_MS + 1);
    const second = runIdempotent(env.deps, call, work);
    finish();
    expect(await second).toEqual({ status: 201, body: { run: 2 }, replayed: false });
    // The first attempt lost the key: its answer is not stored, the one that holds it is.
    await first;
    expect(await runIdempotent(env.deps, call, work)).toEqual({ status: 201, body: { run: 2 }, replayed: true });
    expect(runs).toBe(2);
  });
});

describe('Idempotency-Key on POST /api/available_classes', () => {
  const lot = { customer_id: 2, available_classes: 3, reason: 'Cortesía' };
  const create = (body: Doc, key: string) => http(env).post('/api/available_classes').set('authorization', adminToken).set('Idempotency-Key', key).send(body);

  it('creates one lot for a double submit and replays the answer', async () => {
    const first = await create(lot, KEY);
    expect(first.status).toBe(201);
    const retry = await create(lot, KEY);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await docs('available_classes')).toHaveLength(1);
    expect(await docs('credit_ledger')).toHaveLength(1);
    expect((await create({ ...lot, available_classes: 4 }, KEY)).status).toBe(409);
  });
});

describe('Idempotency-Key on checkout', () => {
  it('a free offer submitted twice with one key is bought and granted once', async () => {
    await env.store.doc('class_packages/4').update({ price: 0 });
    const first = await attempt('ana', { class_package_id: 4 }, KEY);
    expect(first.status).toBe(201);
    expect(first.body.purchase.status).toBe('completed');
    const retry = await attempt('ana', { class_package_id: 4 }, KEY);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await docs('purchases')).toHaveLength(1);
    expect(await docs('available_classes')).toHaveLength(1);
    // Without a key, the same click would have bought it again.
    expect((await attempt('ana', { class_package_id: 4 })).status).toBe(201);
    expect(await docs('purchases')).toHaveLength(2);
  });

  it('concurrent attempts with one key make one purchase; other buyers use their own key documents', async () => {
    await env.store.doc('class_packages/4').update({ price: 0 });
    const responses = await Promise.all([
      ...Array.from({ length: 4 }, () => attempt('ana', { class_package_id: 4 }, KEY)),
      attempt('diego', { class_package_id: 4 }, KEY),
    ]);
    expect(responses.map((r) => r.status).every((s) => s === 201 || s === 409)).toBe(true);
    const purchases = await docs('purchases');
    expect(purchases.filter((p) => p.customer_id === customers.ana.customer_id)).toHaveLength(1);
    expect(purchases.filter((p) => p.customer_id === customers.diego.customer_id)).toHaveLength(1);
    expect(new Set((await docs('idempotency_keys')).map((r) => r.uid))).toEqual(new Set(['ana', 'diego']));
  });

  it('a retry after an attempt that placed its purchase and then failed answers that purchase, never a second one', async () => {
    await env.store.doc('class_packages/4').update({ price: 0 });
    const call = { uid: 'ana', route: 'checkout/attempt', key: KEY, request: { class_package_id: 4 } };
    const identity = { uid: 'ana', email: 'ana@example.com', emailVerified: true, admin: false };
    // The purchase commits (bound to the key in its transaction); then the attempt dies before it answers.
    await expect(
      runIdempotent(env.deps, call, async (guard) => {
        await attemptCheckout(env.deps, identity, { class_package_id: 4 }, '127.0.0.1', guard);
        throw new Error('crash after the purchase');
      }),
    ).rejects.toThrow('crash after the purchase');
    expect(await docs('purchases')).toHaveLength(1);
    const retry = await attempt('ana', { class_package_id: 4 }, KEY);
    expect(retry.status).toBe(200);
    expect(retry.body.purchase.status).toBe('completed');
    expect(await docs('purchases')).toHaveLength(1);
    expect(await docs('available_classes')).toHaveLength(1);
  });

  it('a pending cash purchase replays with its first status', async () => {
    const first = await attempt('ana', { class_package_id: 4, payment_method: 'cash' }, KEY);
    expect(first.status).toBe(201);
    const retry = await attempt('ana', { class_package_id: 4, payment_method: 'cash' }, KEY);
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(await docs('purchases')).toHaveLength(1);
  });
});

describe('archived packages in admin grants', () => {
  it('giveAccess refuses an archived package in Spanish and writes nothing', async () => {
    await env.store.doc(`class_packages/${packages.tenClasses.class_package_id}`).update({ status: 'inactive', archivedAt: T0 });
    const before = await writes();
    const response = await giveAccess(grantBody, KEY);
    expect(response.status).toBe(409);
    expect(response.body.error).toEqual({
      code: 'access/package-archived',
      message: 'Este paquete está archivado y ya no se puede otorgar. Elige otro paquete.',
    });
    expect(await writes()).toEqual(before);
  });

  it('still gives an inactive package that is not archived', async () => {
    await env.store.doc(`class_packages/${packages.tenClasses.class_package_id}`).update({ status: 'inactive' });
    expect((await giveAccess(grantBody)).status).toBe(201);
  });
});

describe('GET /api/files page bound', () => {
  it.each(['99999999999', '1001'])('refuses page=%s with a 400 in Spanish', async (page) => {
    const response = await http(env).get(`/api/files?page=${page}`).set('authorization', tokenOf('ana'));
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toEqual({ page: 'La página no puede ser mayor que 1000.' });
  });

  it('still lists the last allowed page', async () => {
    const response = await http(env).get('/api/files?page=1000').set('authorization', tokenOf('ana'));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ files: [], page: 1000 });
  });
});
