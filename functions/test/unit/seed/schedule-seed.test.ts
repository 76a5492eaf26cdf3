import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogue } from '../../../../emulators/seed/catalogue';
import { seedSchedule } from '../../../../emulators/seed/schedule';
import { getLot } from '../../../src/data/repos/credits-repo';
import { getClass } from '../../../src/services/schedule/get-class';
import { listSchedule } from '../../../src/services/schedule/list-schedule';
import { ledgerMismatches } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(() => {
  env = testEnv();
});
afterEach(async () => {
  await env.cleanup();
});

async function load(now: Date) {
  const writes = [...seedCatalogue(now).docs, ...seedSchedule(now).docs];
  for (let i = 0; i < writes.length; i += 400) {
    const batch = env.store.batch();
    for (const [path, data] of writes.slice(i, i + 400)) batch.set(env.store.doc(path), data);
    await batch.commit();
  }
}

describe('schedule seed', () => {
  // A Monday before the first class, a Wednesday afternoon and a Sunday night (studio time).
  for (const at of ['2026-11-23T06:00:00Z', '2026-11-25T21:00:00Z', '2026-11-30T05:59:00Z']) {
    it(`is consistent when seeded at ${at}`, async () => {
      const now = new Date(at);
      env.clock.now = now;
      await load(now);
      const classes = (await env.store.collection('single_classes').get()).docs.map((d) => d.data() as Record<string, unknown>);
      expect(classes).toHaveLength(66);
      const reservations = (await env.store.collection('class_reservations').get()).docs.map((d) => d.data() as Record<string, unknown>);
      for (const cls of classes) {
        const active = reservations.filter((r) => r.single_class_id === cls.single_class_id && r.deletedAt === null);
        const counted = (await env.store.doc(`class_counts/${cls.single_class_id}`).get()).get('booked') ?? 0;
        expect(counted, `class ${cls.single_class_id}`).toBe(active.length);
      }
      for (const r of reservations) {
        const cls = classes.find((c) => c.single_class_id === r.single_class_id);
        expect((cls?.class_date as Date).getTime()).toBeGreaterThan(now.getTime());
      }
      expect(await ledgerMismatches(env.store, 2)).toEqual([]);
      expect((await getLot(env.store, 101))?.available_classes).toBe(2);

      const cancelled = classes.find((c) => c.status === 'cancelled');
      const notice = (await env.store.doc(`notifications/class-cancelled-${cancelled?.single_class_id}-2`).get()).data();
      expect(notice).toMatchObject({ type: 'class-cancelled', title: 'Clase cancelada', read: false, uid: 'seed-customer-ana' });
      expect(notice?.body).toMatch(
        /^Tu clase de Yoga Vinyasa del viernes \d+ de \w+ a las 08:30 en Latido Roma fue cancelada\. Motivo: La coach tuvo un imprevisto; te esperamos en otra clase\. Ya regresamos a tu cuenta el crédito con el que reservaste\.$/,
      );

      const cycling = reservations.find((r) => r.spot === 5);
      const shown = await getClass(env.deps, cycling?.single_class_id as number);
      expect(shown).toMatchObject({ booked: 2, spots_left: 16, class_reservations: [{ spot: 5 }, { spot: 6 }] });
      const week = await listSchedule(env.deps, {});
      expect(week.length).toBeGreaterThan(0);
      expect(week.every((c) => c.status === 'scheduled' && c.class_type !== null && c.location !== null && c.class_instructors.length === 1)).toBe(true);
    });
  }
});
