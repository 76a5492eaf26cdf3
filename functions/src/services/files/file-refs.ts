import type { StudioFileRef } from '@studio/shared/schemas/file';
import { getFile } from '../../data/files/files-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { toFileRef } from './file-dto';

/**
 * For other areas that attach a file to a record (instructor photo, class type
 * image, package download, a form answer): the spec's {file_id, name, type,
 * src}, or null when the file cannot be used there — missing, rejected, or:
 * - 'public': not public (catalogue records are shown to everyone);
 * - { ownerUid }: not that person's own upload (form answers, profile photo).
 * Pass the transaction to read it with the record's other reads. A new place
 * that keeps `{ ownerUid }` files must be added to customerReferencesFile
 * (clean-up-files.ts), or the clean-up deletes them after the grace period.
 */
export async function findFileRef(
  deps: Pick<Deps, 'store'>,
  fileId: number,
  use: 'public' | { ownerUid: string },
  tx?: Transaction,
): Promise<StudioFileRef | null> {
  const doc = await getFile(deps.store, fileId, tx);
  if (doc === null || doc.status === 'rejected') return null;
  if (use === 'public' ? doc.visibility !== 'public' : doc.owner_uid !== use.ownerUid) return null;
  return toFileRef(doc);
}
