import { systemNow } from '../data/clock/system-clock';
import { getInstanceScaler } from '../data/scaling/get-instance-scaler';
import { readScalingSettings } from '../data/scaling/scaling-settings';
import { getStore } from '../data/store/get-store';
import { WARM_FOR_RELEASES_JOB, warmForReleases } from '../services/schedule-releases/warm-for-releases';
import type { ScheduledJob } from './scheduled-job';

/**
 * Every 5 minutes: keeps `api` warm around schedule releases
 * (services/schedule-releases/warm-for-releases.ts, docs/adr/0103). The
 * period bounds how late a window opens: a release's first run inside it is
 * at most 5 minutes after starts_at − 15 min, so at least 10 minutes before it.
 */
export const warmForReleasesJob: ScheduledJob = {
  name: WARM_FOR_RELEASES_JOB,
  everyMinutes: 5,
  handler: async () => {
    const outcome = await warmForReleases({ store: getStore(), now: systemNow, scaler: getInstanceScaler(), settings: readScalingSettings() });
    if (outcome.changed) {
      console.log(
        JSON.stringify({
          severity: 'NOTICE',
          message: `[scaling] api min instances ${outcome.from ?? '?'} → ${outcome.decision.min_instances}`,
          release_id: outcome.decision.release_id,
        }),
      );
    }
  },
};
