import { deleteFile, type FileDoc, getFile, listPrivateFilesBelow } from '../../data/files/files-repo';
import { type CustomerDoc, getCustomerByUid } from '../../data/repos/customers-repo';
import { getJobSweep, setJobSweep } from '../../data/repos/job-cursors-repo';
import type { Deps } from '../../deps';

/** What the job needs: the store for metadata and references, the storage for bytes. */
export type CleanUpDeps = Pick<Deps, 'store' | 'files' | 'now'>;

/** The jobs/{name} document of the sweep (the deployed function's name too). */
export const CLEAN_UP_JOB = 'cleanUpFiles';
/** How long an upload may stay unreferenced: the time between uploading and saving the profile or form it was for, with room to spare. */
export const CLEAN_UP_GRACE_DAYS = 7;
/** Private files examined per run; a run reads at most this many files plus their owners' records. */
export const CLEAN_UP_FILES_PER_RUN = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a value holds a file reference `{file_id}` to this file, at any depth (one file, a list of them, an address's answers). */
function mentionsFile(value: unknown, fileId: number): boolean {
  if (Array.isArray(value)) return value.some((item) => mentionsFile(item, fileId));
  if (typeof value !== 'object' || value === null) return false;
  if ((value as { file_id?: unknown }).file_id === fileId) return true;
  return Object.values(value).some((item) => mentionsFile(item, fileId));
}

/**
 * The only places a customer's own upload can be attached (findFileRef with
 * `{ ownerUid }`): their profile photo and their custom-field answers. Every
 * stored answer counts, even one to a field since removed, because the record
 * still holds it.
 */
export function customerReferencesFile(customer: CustomerDoc, fileId: number): boolean {
  return customer.file?.file_id === fileId || mentionsFile(customer.custom_values ?? {}, fileId);
}

/** A private customer upload older than the grace period; its references decide the rest. */
const mayBeCleanedUp = (doc: FileDoc, uploadedBy: Date) =>
  doc.visibility === 'private' && doc.by_admin === false && doc.createdAt.getTime() <= uploadedBy.getTime();

/**
 * The scheduled clean-up (docs/files "Clean-up"): sweeps private files from
 * the newest down, CLEAN_UP_FILES_PER_RUN per run, and starts again from the
 * top after the oldest, so a file that loses its last reference later is found
 * on a later pass. A customer's upload older than the grace period that its
 * owner's customer record does not reference is deleted: the metadata in a
 * transaction that re-reads the file and the record (a profile or form save
 * racing it either sees the file gone or keeps it), then the bytes. Should
 * removing the bytes fail, the processing trigger removes them when it sees
 * the metadata deleted. Public files and admins' uploads are never touched.
 * Idempotent: a repeated run finds nothing more to delete.
 */
export async function cleanUpFiles(deps: CleanUpDeps): Promise<{ examined: number; deleted: number[] }> {
  const now = deps.now();
  const uploadedBy = new Date(now.getTime() - CLEAN_UP_GRACE_DAYS * DAY_MS);
  const sweep = await getJobSweep(deps.store, CLEAN_UP_JOB);
  const batch = await listPrivateFilesBelow(deps.store, sweep?.below_id ?? null, CLEAN_UP_FILES_PER_RUN);

  const deleted: number[] = [];
  for (const candidate of batch) {
    if (!mayBeCleanedUp(candidate, uploadedBy)) continue;
    const removed = await deps.store.runTransaction(async (tx) => {
      const doc = await getFile(deps.store, candidate.file_id, tx);
      if (doc === null || !mayBeCleanedUp(doc, uploadedBy)) return null;
      const owner = await getCustomerByUid(deps.store, doc.owner_uid, tx);
      if (owner !== null && customerReferencesFile(owner, doc.file_id)) return null;
      deleteFile(deps.store, tx, doc.file_id);
      return doc;
    });
    if (removed === null) continue;
    deleted.push(removed.file_id);
    try {
      await deps.files.delete(removed.key);
    } catch (error) {
      console.warn(`[files] bytes of cleaned-up file ${removed.file_id} not removed now; the processing trigger will retry`, error);
    }
  }

  const last = batch.at(-1);
  const belowId = batch.length === CLEAN_UP_FILES_PER_RUN && last !== undefined ? last.file_id : null;
  await setJobSweep(deps.store, CLEAN_UP_JOB, { below_id: belowId, updatedAt: now });
  return { examined: batch.length, deleted };
}
