/**
 * Packages with allowed times (docs/packages): an off-peak package carries
 * its windows into the lots its purchases grant (the purchase keeps what was
 * sold), and booking honours them like any lot's (booking/rules.ts lotCovers).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClass } from '../../../src/services/schedule/create-class';
import { adminToken, http, seedAccessFixtures, T0, tokenOf } from '../access/access-fixtures';
import { seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedScheduleCatalogue(env.store);
  await seedAccessFixtures(env.store);
});
afterEach(async () => {
  await env.cleanup();
});

const OFF_PEAK = [{ weekdays: [1, 2, 3, 4, 5], start: '11:00', end: '16:00' }];
type Doc = Record<string, unknown>;

async function createOffPeakPackage(body: Doc = {}): Promise<number> {
  const response = await http(env)
    .post('/api/class_packages')
    .set('authorization', adminToken)
    .send({ title: 'Horario Valle 8 Clases', price: 900, class_amount: 8, expiration_days: 30, allowed_times: OFF_PEAK, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.class_package.class_package_id as number;
}
const book = (classId: number) => http(env).post('/api/class_reservations').set('authorization', tokenOf('ana')).send({ single_class_id: classId });

describe('packages with allowed times', () => {
  it('are saved and shown with their windows; bad windows are refused', async () => {
    const id = await createOffPeakPackage();
    expect((await http(env).get(`/api/class_packages/${id}`)).body.class_package.allowed_times).toEqual(OFF_PEAK);
    const bad = await http(env)
      .put('/api/class_packages')
      .set('authorization', adminToken)
      .send({ class_package_id: id, allowed_times: [{ weekdays: [8], start: '16:00', end: '11:00' }] });
    expect(bad.status).toBe(400);
    const cleared = await http(env).put('/api/class_packages').set('authorization', adminToken).send({ class_package_id: id, allowed_times: [] });
    expect(cleared.status).toBe(200);
    expect(cleared.body.class_package.allowed_times).toBeNull();
  });

  it('grant lots that book an off-peak class and refuse a 19:00 one or a Saturday', async () => {
    const id = await createOffPeakPackage();
    const noon = await createClass(env.deps, yogaClass({ date: '2026-12-01', start_time: '12:00' }));
    const evening = await createClass(env.deps, yogaClass({ date: '2026-12-01', start_time: '19:00' }));
    const saturday = await createClass(env.deps, yogaClass({ date: '2026-12-05', start_time: '12:00' }));
    const placed = await http(env).post('/api/checkout/attempt').set('authorization', tokenOf('ana')).send({ class_package_id: id, payment_method: 'cash' });
    expect(placed.status).toBe(201);
    // The studio edits the package after the sale: the purchase keeps the windows it was sold with.
    await http(env)
      .put('/api/class_packages')
      .set('authorization', adminToken)
      .send({ class_package_id: id, allowed_times: [{ weekdays: [6], start: '08:00', end: '09:00' }] });
    expect((await http(env).put(`/api/purchases/${placed.body.purchase_id}/confirm`).set('authorization', adminToken).send({})).status).toBe(200);

    const lots = (await env.store.collection('available_classes').where('customer_id', '==', 2).get()).docs.map((d) => d.data() as Doc);
    expect(lots).toMatchObject([{ purchase_id: placed.body.purchase_id, available_classes: 8, allowed_times: OFF_PEAK }]);

    const refused = await book(evening.single_class_id);
    expect(refused.status).toBe(412);
    expect(refused.body.error.code).toBe('booking/no-credits');
    expect((await book(saturday.single_class_id)).status).toBe(412);
    expect((await book(noon.single_class_id)).status).toBe(201);
  });

  it('carries the windows into every lot of the package, per-type lots too, and into admin grants', async () => {
    const id = await createOffPeakPackage({ class_package_types: [{ class_type_id: 1, class_amount: 2 }] });
    const granted = await http(env)
      .post('/api/customer/giveAccess')
      .set('authorization', adminToken)
      .send({ customer_id: 3, class_package_id: id, is_gift: true });
    expect(granted.status, JSON.stringify(granted.body)).toBeLessThan(300);
    const lots = (await env.store.collection('available_classes').where('customer_id', '==', 3).get()).docs.map((d) => d.data() as Doc);
    expect(lots).toHaveLength(2);
    for (const lot of lots) expect(lot.allowed_times).toEqual(OFF_PEAK);
  });
});
