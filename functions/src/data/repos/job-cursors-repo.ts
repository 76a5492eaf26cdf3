import { typedCollection } from '../store/typed-collection';
import type { DocumentStore } from '../store/types';

/** jobs/{name}: how far a scheduled job has processed (`until`), so the next run starts there and a missed run is caught up. */
export interface JobCursorDoc {
  until: Date;
  updatedAt: Date;
}

/** jobs/{name}: each job's document has the shape that job keeps (a cursor or a sweep). */
const cursorRef = (store: DocumentStore, name: string) => typedCollection<JobCursorDoc>(store, 'jobs').doc(name);

export async function getJobCursor(store: DocumentStore, name: string): Promise<JobCursorDoc | null> {
  const snap = await cursorRef(store, name).get();
  return snap.data() ?? null;
}

/** Written by the one run that processed up to `until` (runs of a job never overlap). */
export async function setJobCursor(store: DocumentStore, name: string, doc: JobCursorDoc): Promise<void> {
  await cursorRef(store, name).set({ ...doc });
}

/**
 * jobs/{name} of a job that sweeps documents by numeric id, a batch per run,
 * round and round (the files clean-up): the next run continues below
 * `below_id`, or from the newest when it is null.
 */
export interface JobSweepDoc {
  below_id: number | null;
  updatedAt: Date;
}

const sweepRef = (store: DocumentStore, name: string) => typedCollection<JobSweepDoc>(store, 'jobs').doc(name);

export async function getJobSweep(store: DocumentStore, name: string): Promise<JobSweepDoc | null> {
  const snap = await sweepRef(store, name).get();
  return snap.data() ?? null;
}

export async function setJobSweep(store: DocumentStore, name: string, doc: JobSweepDoc): Promise<void> {
  await sweepRef(store, name).set({ ...doc });
}
