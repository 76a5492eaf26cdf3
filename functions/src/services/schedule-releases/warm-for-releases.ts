import { getInstanceScaling, setInstanceScaling } from '../../data/repos/instance-scaling-repo';
import type { InstanceScaler } from '../../data/scaling/instance-scaler';
import type { ScalingSettings } from '../../data/scaling/scaling-settings';
import type { StoreDeps } from '../../deps';
import { decideMinInstances, type MinInstancesDecision } from './decide-min-instances';

export const WARM_FOR_RELEASES_JOB = 'warmForReleases';

/** How long a baseline, once sent, is trusted before it is sent again. */
export const BASELINE_REASSERT_MS = 60 * 60_000;

export type WarmForReleasesDeps = StoreDeps & { scaler: InstanceScaler; settings: ScalingSettings };

export type WarmForReleasesOutcome =
  { changed: false; decision: MinInstancesDecision } | { changed: true; decision: MinInstancesDecision; from: number | null };

/**
 * Every 5 minutes (docs/adr/0103): decides the minimum instances of `api`.
 * At the baseline the scaler is called when instance_scaling/api says
 * something else was applied, and once an hour again; an idle run otherwise
 * costs one query and one read.
 * Inside a release's window the minimum is asserted on every run, changed or
 * not: a `firebase deploy` during the window writes the function's own
 * configuration and may have lowered it, and the call is idempotent (about
 * nine calls per release). No state yet (first run, or the document deleted
 * by hand) counts as different. The state is written only after the scaler
 * succeeded: a failed call changes nothing and the next run tries again.
 */
export async function warmForReleases(deps: WarmForReleasesDeps): Promise<WarmForReleasesOutcome> {
  const [decision, applied] = await Promise.all([decideMinInstances(deps, deps.settings), getInstanceScaling(deps.store)]);
  const now = deps.now();
  const same = applied !== null && applied.min_instances === decision.min_instances;
  // Cloud Run accepts a change before applying it (a long-running operation): a baseline last sent an hour ago is sent again, so a change back that failed after its 2xx does not leave warm instances billed for good.
  const stale = applied !== null && now.getTime() - applied.applied_at.getTime() >= BASELINE_REASSERT_MS;
  if (!same || decision.release_id !== null || stale) await deps.scaler.setMinInstances(decision.min_instances);
  if (!same || stale) {
    await setInstanceScaling(deps.store, { ...decision, applied_at: now });
    return same ? { changed: false, decision } : { changed: true, decision, from: applied?.min_instances ?? null };
  }
  if (applied.release_id !== decision.release_id) await setInstanceScaling(deps.store, { ...decision, applied_at: applied.applied_at });
  return { changed: false, decision };
}
