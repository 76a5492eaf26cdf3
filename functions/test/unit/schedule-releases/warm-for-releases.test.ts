import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getInstanceScaling } from '../../../src/data/repos/instance-scaling-repo';
import { createCloudRunScaler, minInstancesRequest } from '../../../src/data/scaling/cloud-run-scaler';
import { chooseInstanceScaler, projectOf } from '../../../src/data/scaling/get-instance-scaler';
import type { InstanceScaler } from '../../../src/data/scaling/instance-scaler';
import { createLocalScaler } from '../../../src/data/scaling/local-scaler';
import { readScalingSettings, type ScalingSettings } from '../../../src/data/scaling/scaling-settings';
import { warmForReleases } from '../../../src/services/schedule-releases/warm-for-releases';
import { type TestEnv, testEnv } from '../support';

/**
 * The warmForReleases job (docs/adr/0103) on the real local store with a
 * recording scaler. Its decision uses instants only: each case runs under two
 * machine time zones (CI runs the suite once more under TZ=Asia/Tokyo too).
 */
let env: TestEnv;
const settings: ScalingSettings = { baseline: 0, warm: 3 };

function recordingScaler(): InstanceScaler & { calls: number[]; failNext: boolean } {
  const scaler = {
    calls: [] as number[],
    failNext: false,
    async setMinInstances(count: number) {
      scaler.calls.push(count);
      if (scaler.failNext) {
        scaler.failNext = false;
        throw new Error('Cloud Run Admin API answered 503');
      }
    },
  };
  return scaler;
}

let scaler: ReturnType<typeof recordingScaler>;
const run = () => warmForReleases({ ...env.deps, scaler, settings });
/** Studio wall-clock (Mexico City, UTC−6 in December) as an instant. */
const mx = (time: string) => new Date(`2026-12-01T${time}-06:00`);

async function release(id: string, startsAt: Date) {
  await env.store.doc(`schedule_releases/${id}`).set({ id, starts_at: startsAt, name: `Lanzamiento ${id}`, created_at: mx('09:00:00'), created_by: 'a1' });
}

const originalTz = process.env.TZ;

describe.each(['America/Mexico_City', 'Asia/Tokyo'])('under TZ=%s', (tz) => {
  beforeEach(async () => {
    process.env.TZ = tz;
    env = testEnv();
    scaler = recordingScaler();
    await release('r1500', mx('15:00:00'));
  });
  afterEach(async () => {
    process.env.TZ = originalTz;
    await env.cleanup();
  });

  it('stays at the baseline at 14:44:59 and warms at 14:45:00 for a 15:00 release', async () => {
    env.clock.now = mx('14:44:59');
    expect((await run()).decision).toEqual({ min_instances: 0, release_id: null });
    env.clock.now = mx('14:45:00');
    expect((await run()).decision).toEqual({ min_instances: 3, release_id: 'r1500' });
    expect(scaler.calls).toEqual([0, 3]);
    expect(await getInstanceScaling(env.store)).toEqual({ min_instances: 3, release_id: 'r1500', applied_at: mx('14:45:00') });
  });

  it('stays warm through 15:30:00 and goes back to the baseline at 15:30:01', async () => {
    env.clock.now = mx('15:30:00');
    expect((await run()).decision.min_instances).toBe(3);
    env.clock.now = mx('15:30:01');
    expect((await run()).decision).toEqual({ min_instances: 0, release_id: null });
    expect(scaler.calls).toEqual([3, 0]);
    expect(await getInstanceScaling(env.store)).toEqual({ min_instances: 0, release_id: null, applied_at: mx('15:30:01') });
  });

  it('inside a window asserts the minimum on every run (a deploy may have lowered it); at the baseline calls nothing again', async () => {
    env.clock.now = mx('14:50:00');
    await run();
    for (const time of ['14:55:00', '15:00:00', '15:05:00', '15:25:00']) {
      env.clock.now = mx(time);
      expect((await run()).changed).toBe(false);
    }
    expect(scaler.calls).toEqual([3, 3, 3, 3, 3]);
    expect((await getInstanceScaling(env.store))?.applied_at).toEqual(mx('14:50:00'));
    for (const time of ['15:35:00', '15:40:00', '15:45:00']) {
      env.clock.now = mx(time);
      await run();
    }
    expect(scaler.calls).toEqual([3, 3, 3, 3, 3, 0]);
  });

  it('sends the baseline again an hour after it was last sent (a change Cloud Run accepted may still have failed)', async () => {
    env.clock.now = mx('16:00:00');
    await run();
    env.clock.now = mx('16:59:59');
    await run();
    expect(scaler.calls).toEqual([0]);
    env.clock.now = mx('17:00:00');
    expect((await run()).changed).toBe(false);
    expect(scaler.calls).toEqual([0, 0]);
    expect(await getInstanceScaling(env.store)).toEqual({ min_instances: 0, release_id: null, applied_at: mx('17:00:00') });
  });

  it('keeps the state when the scaler fails, and the next run tries again', async () => {
    env.clock.now = mx('14:40:00');
    await run(); // baseline recorded
    env.clock.now = mx('14:45:00');
    scaler.failNext = true;
    await expect(run()).rejects.toThrow('503');
    expect(await getInstanceScaling(env.store)).toEqual({ min_instances: 0, release_id: null, applied_at: mx('14:40:00') });
    env.clock.now = mx('14:50:00');
    await run();
    expect(scaler.calls).toEqual([0, 3, 3]);
    expect(await getInstanceScaling(env.store)).toEqual({ min_instances: 3, release_id: 'r1500', applied_at: mx('14:50:00') });
  });

  it('moves from one open window to the next keeping the minimum, and applies a first state when none is stored', async () => {
    await release('r1530', mx('15:30:00'));
    env.clock.now = mx('15:20:00');
    await run();
    env.clock.now = mx('15:40:00'); // r1500 ended at 15:30; r1530 runs to 16:00
    expect((await run()).changed).toBe(false);
    expect(await getInstanceScaling(env.store)).toEqual({ min_instances: 3, release_id: 'r1530', applied_at: mx('15:20:00') });
    expect(scaler.calls).toEqual([3, 3]);

    await env.store.doc('instance_scaling/api').delete(); // an operator forcing the next run to apply
    expect((await run()).changed).toBe(true);
    expect(scaler.calls).toEqual([3, 3, 3]);
  });
});

describe('the scalers and the settings', () => {
  it('asks the Cloud Run Admin API v2 for the service-level minimum of api', async () => {
    const target = { project: 'demo-studio', region: 'us-central1', service: 'api' };
    expect(minInstancesRequest(target, 3)).toEqual({
      url: 'https://run.googleapis.com/v2/projects/demo-studio/locations/us-central1/services/api?updateMask=scaling.minInstanceCount',
      body: '{"scaling":{"minInstanceCount":3}}',
    });
    const seen: Array<{ url: string; init: RequestInit }> = [];
    let status = 200;
    const scaler = createCloudRunScaler(target, {
      accessToken: async () => 'token-1',
      fetch: (async (url: string, init: RequestInit) => {
        seen.push({ url, init });
        return new Response(status === 200 ? '{"name":"operations/1"}' : '{"error":{"code":403}}', { status });
      }) as typeof fetch,
    });
    await scaler.setMinInstances(3);
    expect(seen[0]?.init.method).toBe('PATCH');
    expect(seen[0]?.init.headers).toEqual({ authorization: 'Bearer token-1', 'content-type': 'application/json' });
    status = 403;
    await expect(scaler.setMinInstances(0)).rejects.toThrow(/answered 403/);
  });

  it('is the log-only scaler locally and in the Functions emulator, Cloud Run when deployed', async () => {
    expect(chooseInstanceScaler({})).toBe('local');
    expect(chooseInstanceScaler({ K_SERVICE: 'warmforreleases', FUNCTIONS_EMULATOR: 'true' })).toBe('local');
    expect(chooseInstanceScaler({ K_SERVICE: 'warmforreleases' })).toBe('cloud-run');
    const lines: string[] = [];
    await createLocalScaler((line) => lines.push(line)).setMinInstances(3);
    expect(lines).toEqual(['[scaling] api min instances → 3']);
    expect(projectOf({ GCLOUD_PROJECT: 'p1' })).toBe('p1');
    expect(projectOf({ FIREBASE_CONFIG: '{"projectId":"p2"}' })).toBe('p2');
    expect(() => projectOf({})).toThrow(/no project id/);
  });

  it('reads the two params from the environment, with their defaults', () => {
    expect(readScalingSettings({})).toEqual({ baseline: 0, warm: 3 });
    expect(readScalingSettings({ API_MIN_INSTANCES: '1', API_WARM_MIN_INSTANCES: '5' })).toEqual({ baseline: 1, warm: 5 });
    expect(readScalingSettings({ API_MIN_INSTANCES: '2', API_WARM_MIN_INSTANCES: '1' })).toEqual({ baseline: 2, warm: 2 });
    expect(readScalingSettings({ API_MIN_INSTANCES: 'x', API_WARM_MIN_INSTANCES: '-1' })).toEqual({ baseline: 0, warm: 3 });
  });
});
