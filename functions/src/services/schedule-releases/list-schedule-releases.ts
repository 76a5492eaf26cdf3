import { MAX_UPCOMING_RELEASES, type ScheduleReleasesResponse } from '@studio/shared/schemas/schedule-release';
import { getInstanceScaling } from '../../data/repos/instance-scaling-repo';
import { listReleasesStartingBetween } from '../../data/repos/schedule-releases-repo';
import { readScalingSettings, type ScalingSettings } from '../../data/scaling/scaling-settings';
import type { StoreDeps } from '../../deps';
import { presentRelease } from './present-release';
import { notEndedSince } from './release-window';

/**
 * GET /api/schedule_releases (admin): the releases whose warm window has not
 * ended (upcoming, or open now), earliest first, and what the job last
 * applied. Creation keeps that set to MAX_UPCOMING_RELEASES, and it only
 * shrinks with time, so the limit never hides one.
 */
export async function listScheduleReleases(deps: StoreDeps, settings: ScalingSettings = readScalingSettings()): Promise<ScheduleReleasesResponse> {
  const [releases, applied] = await Promise.all([
    listReleasesStartingBetween(deps.store, { from: notEndedSince(deps.now()), limit: MAX_UPCOMING_RELEASES }),
    getInstanceScaling(deps.store),
  ]);
  return {
    data: releases.map(presentRelease),
    scaling: {
      // Before the job's first change the deployed baseline is what runs.
      min_instances: applied?.min_instances ?? settings.baseline,
      baseline: settings.baseline,
      warm: settings.warm,
      release_id: applied?.release_id ?? null,
      applied_at: applied?.applied_at.toISOString() ?? null,
    },
  };
}
