import { listReleasesStartingBetween } from '../../data/repos/schedule-releases-repo';
import type { ScalingSettings } from '../../data/scaling/scaling-settings';
import type { StoreDeps } from '../../deps';
import { startsAtRangeWarmAt } from './release-window';

export interface MinInstancesDecision {
  min_instances: number;
  /** The release whose window holds now (the earliest, if several); null at the baseline. */
  release_id: string | null;
}

/** Warm while now ∈ [starts_at − 15 min, starts_at + 30 min] of any release, else the baseline: one range query, one document read at most. */
export async function decideMinInstances(deps: StoreDeps, settings: ScalingSettings): Promise<MinInstancesDecision> {
  const [open] = await listReleasesStartingBetween(deps.store, { ...startsAtRangeWarmAt(deps.now()), limit: 1 });
  return open ? { min_instances: settings.warm, release_id: open.id } : { min_instances: settings.baseline, release_id: null };
}
