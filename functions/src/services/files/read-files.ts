import type { Readable } from 'node:stream';
import type { FileListQuery, StudioFile } from '@studio/shared/schemas/file';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { type FileDoc, getFile, listFiles } from '../../data/files/files-repo';
import type { Deps } from '../../deps';
import { canSeeFile, fileNotFound } from './file-access';
import { toFileDto } from './file-dto';

export const FILES_PAGE_SIZE = 50;

/** GET /api/files: a customer's own files; an admin's view of all of them (optionally one visibility). Newest first. */
export async function listFilesForCaller(deps: Deps, identity: VerifiedIdentity, query: FileListQuery): Promise<{ files: StudioFile[]; total: number }> {
  const page = query.page ?? 1;
  const result = await listFiles(deps.store, {
    ownerUid: identity.admin ? undefined : identity.uid,
    visibility: identity.admin ? query.visibility : undefined,
    limit: FILES_PAGE_SIZE,
    offset: (page - 1) * FILES_PAGE_SIZE,
  });
  return { files: result.files.map(toFileDto), total: result.total };
}

async function visibleFile(deps: Deps, identity: VerifiedIdentity | undefined, fileId: number): Promise<FileDoc> {
  const doc = await getFile(deps.store, fileId);
  if (doc === null || !canSeeFile(doc, identity)) throw fileNotFound();
  return doc;
}

/** GET /api/files/{id}: anonymous callers too, for public files. */
export async function getFileForCaller(deps: Deps, identity: VerifiedIdentity | undefined, fileId: number): Promise<StudioFile> {
  return toFileDto(await visibleFile(deps, identity, fileId));
}

export interface FileContent {
  file: StudioFile;
  sha256: string;
  /** Shared caches may keep it: a public, verified file (its bytes never change under the same id). */
  cacheable: boolean;
  stream: Readable;
}

/** GET /api/files/raw/{id}: the bytes, under the same visibility rule as the metadata. Rejected files have none. */
export async function openFileForCaller(deps: Deps, identity: VerifiedIdentity | undefined, fileId: number): Promise<FileContent> {
  const doc = await visibleFile(deps, identity, fileId);
  if (doc.status === 'rejected') throw fileNotFound();
  const stream = await deps.files.openReadStream(doc.key);
  if (stream === null) throw fileNotFound();
  return { file: toFileDto(doc), sha256: doc.sha256, cacheable: doc.visibility === 'public' && doc.status === 'ready', stream };
}
