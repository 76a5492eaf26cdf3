import { createHash } from 'node:crypto';
import type { FileStorage } from '../../data/files/file-storage';
import { type FileDoc, fileFromSnapshot, getFile, updateFile } from '../../data/files/files-repo';
import type { DocumentChangeEvent, DocumentStore } from '../../data/store/types';
import { inspectFile, type InspectionFailure } from './file-content';

/** What processing needs: no identity provider, no web settings (it runs in a trigger). */
export interface ProcessingDeps {
  store: DocumentStore;
  files: FileStorage;
  now: () => Date;
}

export type Verdict =
  { status: 'ready'; width: number | null; height: number | null } | { status: 'rejected'; reason: InspectionFailure | 'missing-bytes' | 'checksum-mismatch' };

/** Re-reads the stored bytes and checks them in depth, against the type and checksum recorded at upload. */
export async function verifyStoredFile(files: FileStorage, doc: FileDoc): Promise<Verdict> {
  const bytes = await files.read(doc.key);
  if (bytes === null) return { status: 'rejected', reason: 'missing-bytes' };
  if (createHash('sha256').update(bytes).digest('hex') !== doc.sha256) return { status: 'rejected', reason: 'checksum-mismatch' };
  const inspection = inspectFile(bytes, doc.type);
  return inspection.ok ? { status: 'ready', width: inspection.width, height: inspection.height } : { status: 'rejected', reason: inspection.reason };
}

/**
 * The file-processing trigger on files/{fileId}. Delivery is at least once,
 * and its own update fires it again, so it acts only on document state:
 * - status 'uploaded': verify, then move to 'ready' (with the image size) or
 *   'rejected' in a transaction that first checks the file is still
 *   'uploaded' with the same bytes, so a second delivery changes nothing;
 * - status 'rejected': make sure the bytes are gone;
 * - metadata deleted: make sure the bytes are gone (DELETE removes them too;
 *   this covers a failure between the two).
 * Removing bytes that are already gone succeeds, so repeats are harmless.
 */
export async function processFileChange(deps: ProcessingDeps, event: DocumentChangeEvent): Promise<void> {
  const doc = fileFromSnapshot(event.after);
  if (doc === null) {
    const key = fileFromSnapshot(event.before)?.key;
    if (typeof key === 'string') await deps.files.delete(key);
    return;
  }
  if (doc.status === 'rejected') {
    await deps.files.delete(doc.key);
    return;
  }
  if (doc.status !== 'uploaded') return;

  const verdict = await verifyStoredFile(deps.files, doc);
  const applied = await deps.store.runTransaction(async (tx) => {
    const current = await getFile(deps.store, doc.file_id, tx);
    if (current === null || current.status !== 'uploaded' || current.key !== doc.key) return false;
    const now = deps.now();
    updateFile(
      deps.store,
      tx,
      doc.file_id,
      verdict.status === 'ready'
        ? { status: 'ready', width: verdict.width, height: verdict.height, rejection: null, processedAt: now, updatedAt: now }
        : { status: 'rejected', rejection: verdict.reason, processedAt: now, updatedAt: now },
    );
    return true;
  });
  if (applied && verdict.status === 'rejected') {
    console.warn(`[files] file ${doc.file_id} rejected: ${verdict.reason}`);
    await deps.files.delete(doc.key);
  }
}
