import { typedCollection } from '../store/typed-collection';
import type { DocumentStore } from '../store/types';

/**
 * instance_scaling/api: what the warmForReleases job last applied to the
 * `api` function (docs/adr/0103). Written only after the scaler succeeded,
 * so a failed call leaves it as it was and the next run tries again.
 */
export interface InstanceScalingDoc {
  min_instances: number;
  /** The release whose warm window was open; null at the baseline. */
  release_id: string | null;
  applied_at: Date;
}

const scalingRef = (store: DocumentStore) => typedCollection<InstanceScalingDoc>(store, 'instance_scaling').doc('api');

export async function getInstanceScaling(store: DocumentStore): Promise<InstanceScalingDoc | null> {
  const snap = await scalingRef(store).get();
  return snap.data() ?? null;
}

/** Written by the one run that applied it (runs of a job never overlap). */
export async function setInstanceScaling(store: DocumentStore, doc: InstanceScalingDoc): Promise<void> {
  await scalingRef(store).set({ ...doc });
}
