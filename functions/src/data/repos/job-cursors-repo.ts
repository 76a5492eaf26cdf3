import type { DocumentStore } from '../store/types';

/** jobs/{name}: how far a scheduled job has processed (`until`), so the next run starts there and a missed run is caught up. */
export interface JobCursorDoc {
  until: Date;
  updatedAt: Date;
}

const cursorRef = (store: DocumentStore, name: string) => store.doc(`jobs/${name}`);

export async function getJobCursor(store: DocumentStore, name: string): Promise<JobCursorDoc | null> {
  const snap = await cursorRef(store, name).get();
  return snap.exists ? (snap.data() as unknown as JobCursorDoc) : null;
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

export async function getJobSweep(store: DocumentStore, name: string): Promise<JobSweepDoc | null> {
  const snap = await cursorRef(store, name).get();
  return snap.exists ? (snap.data() as unknown as JobSweepDoc) : null;
}

export async function setJobSweep(store: DocumentStore, name: string, doc: JobSweepDoc): Promise<void> {
  await cursorRef(store, name).set({ ...doc });
}
