import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedAccess } from '../../../../emulators/seed/access';
import { loadSeedData } from '../../../../emulators/seed/load-seed';
import type { AvailableClassDoc, LedgerEntryDoc } from '../../../src/data/repos/credits-repo';
import { http } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
const NOW = new Date('2026-11-22T18:00:00Z');
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(NOW);
  await loadSeedData(env.store, NOW);
});
afterEach(async () => {
  await env.cleanup();
});

describe('the demo studio seed', () => {
  it('keeps the ledger invariant: every lot is explained by its entries', async () => {
    const lots = (await env.store.collection('available_classes').get()).docs.map((d) => d.data() as unknown as AvailableClassDoc);
    const entries = (await env.store.collection('credit_ledger').get()).docs.map((d) => d.data() as unknown as LedgerEntryDoc);
    expect(lots.length).toBeGreaterThan(0);
    for (const lot of lots) {
      const sum = entries.filter((e) => e.available_class_id === lot.available_class_id).reduce((s, e) => s + e.delta, 0);
      expect(sum).toBe(lot.available_classes === -1 ? 0 : lot.available_classes);
    }
  });

  it('sets its counters to the ids it uses', () => {
    const set = seedAccess(NOW);
    for (const name of ['purchases', 'available_classes', 'videos']) {
      const ids = set.docs.filter(([path]) => path.startsWith(`${name}/`)).map(([path]) => Number(path.split('/')[1]));
      expect(set.counters[name]).toBe(Math.max(...ids));
    }
  });

  it('gives Ana a 10-class package with 3 used, explained by her ledger', async () => {
    const response = await http(env).get('/api/customer/admin/2/ledger').set('authorization', 'Bearer admin:seed-admin-valeria');
    expect(response.status).toBe(200);
    expect(response.body.balance).toMatchObject({ has_unlimited: false, has_online: false });
    expect(response.body.balance.ledger_total).toBe(response.body.balance.lots_total);
    const lot = response.body.available_classes.find((l: { class_package_id: number }) => l.class_package_id === 4);
    expect(lot).toMatchObject({ available_classes: 7, initial_classes: 10, usable: true });
    const ownEntries = response.body.entries.filter((e: { available_class_id: number }) => e.available_class_id === lot.available_class_id);
    expect(ownEntries.map((e: { kind: string; delta: number }) => [e.kind, e.delta])).toEqual([
      ['adjust', -3],
      ['grant', 10],
    ]);
    const own = await http(env).get('/api/available_classes').set('authorization', 'Bearer uid:seed-customer-ana');
    expect(own.body.available_classes).toEqual(
      expect.arrayContaining([expect.objectContaining({ available_classes: 7, initial_classes: 10, class_package_id: 4, usable: true })]),
    );
    expect((await http(env).get('/api/videos').set('authorization', 'Bearer uid:seed-customer-ana')).status).toBe(412);
  });

  it('gives Diego unlimited classes and online videos, with his profile intact', async () => {
    const me = await http(env).get('/api/customer').set('authorization', 'Bearer uid:seed-customer-diego');
    expect(me.status).toBe(200);
    expect(me.body.customer).toMatchObject({ customer_id: 3, name: 'Diego', phone: '5533334444', has_unlimited: true, accepted_pages: [1, 2] });
    expect(Date.parse(me.body.customer.unlimited_membership_expiration)).toBeGreaterThan(NOW.getTime());
    const videos = await http(env).get('/api/videos').set('authorization', 'Bearer uid:seed-customer-diego');
    expect(videos.status).toBe(200);
    expect(videos.body.total).toBe(5);
    expect(videos.body.videos[0].instructor).toMatchObject({ name: 'Lucía' });
    const upcoming = await http(env).get('/api/videos/upcoming').set('authorization', 'Bearer uid:seed-customer-diego');
    expect(upcoming.body.videos.map((v: { name: string }) => v.name)).toEqual(['Estreno: Cycling de fin de año']);
  });
});
