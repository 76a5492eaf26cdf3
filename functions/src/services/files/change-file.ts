import { displayFileName, type FileUpdateInput, type StudioFile } from '@studio/shared/schemas/file';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { deleteFile as removeFileDoc, type FileDoc, getFile, updateFile as writeFile } from '../../data/files/files-repo';
import type { Deps } from '../../deps';
import { assertCanChangeFile } from './file-access';
import { toFileDto } from './file-dto';

/** PUT /api/files: the display name and alt text. The name keeps an extension of the file's real type. */
export async function updateFile(deps: Deps, identity: VerifiedIdentity, input: FileUpdateInput): Promise<StudioFile> {
  const updated = await deps.store.runTransaction(async (tx) => {
    const doc = await getFile(deps.store, input.file_id, tx);
    assertCanChangeFile(doc, identity);
    const fields: Partial<FileDoc> = { updatedAt: deps.now() };
    if (input.name !== undefined) fields.name = displayFileName(input.name, doc.type);
    if (input.alt !== undefined) fields.alt = input.alt?.trim() || null;
    writeFile(deps.store, tx, doc.file_id, fields);
    return { ...doc, ...fields };
  });
  return toFileDto(updated);
}

/**
 * DELETE /api/files/{id}: the metadata first (so nothing points at missing
 * bytes), then the bytes. Should removing the bytes fail, the processing
 * trigger removes them when it sees the metadata deleted.
 */
export async function deleteFile(deps: Deps, identity: VerifiedIdentity, fileId: number): Promise<void> {
  const doc = await deps.store.runTransaction(async (tx) => {
    const found = await getFile(deps.store, fileId, tx);
    assertCanChangeFile(found, identity);
    removeFileDoc(deps.store, tx, fileId);
    return found;
  });
  try {
    await deps.files.delete(doc.key);
  } catch (error) {
    console.warn(`[files] bytes of file ${fileId} not removed now; the processing trigger will retry`, error);
  }
}
