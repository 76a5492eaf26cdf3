import type { AllowedFileType, FileStatus, FileVisibility } from '@studio/shared/schemas/file';
import { readDoc } from '../repos/read';
import { typedCollection, typedSnapshot } from '../store/typed-collection';
import type { DocumentSnapshot, DocumentStore, Query, Transaction } from '../store/types';

/** files/{file_id}: what the API knows about stored bytes. */
export interface FileDoc {
  file_id: number;
  /** Display name only (sanitised); never part of the storage key. */
  name: string;
  alt: string | null;
  type: AllowedFileType;
  size: number;
  /** Hex SHA-256 of the bytes as received; the processing trigger checks the stored bytes against it. */
  sha256: string;
  /** Server-generated storage key. */
  key: string;
  visibility: FileVisibility;
  owner_uid: string;
  /**
   * Uploaded with admin rights. Admins' files may be named by `src` in records
   * the clean-up job cannot follow (catalogue, videos, pages, a customer's
   * photo set at the desk), so only files with `false` are ever cleaned up;
   * absent on files stored before the field, which are kept too.
   */
  by_admin?: boolean;
  /** The owner's customer number when they have a customer record. */
  customer_id: number | null;
  status: FileStatus;
  width: number | null;
  height: number | null;
  /** Why processing rejected the file (a code, for logs and support), else null. */
  rejection: string | null;
  createdAt: Date;
  updatedAt: Date;
  processedAt: Date | null;
}

const files = (store: DocumentStore) => typedCollection<FileDoc>(store, 'files');
const fileRef = (store: DocumentStore, fileId: number) => files(store).doc(String(fileId));

export async function getFile(store: DocumentStore, fileId: number, tx?: Transaction): Promise<FileDoc | null> {
  const snap = await readDoc(fileRef(store, fileId), tx);
  return snap.data() ?? null;
}

/** The file a snapshot holds (e.g. either side of a trigger's change), or null when the document does not exist. */
export function fileFromSnapshot(snap: DocumentSnapshot | null): FileDoc | null {
  return typedSnapshot<FileDoc>(snap)?.data() ?? null;
}

export function createFile(store: DocumentStore, tx: Transaction, doc: FileDoc): void {
  tx.create(fileRef(store, doc.file_id), { ...doc });
}

export function updateFile(store: DocumentStore, tx: Transaction, fileId: number, fields: Partial<Omit<FileDoc, 'file_id'>>): void {
  tx.update(fileRef(store, fileId), { ...fields });
}

export function deleteFile(store: DocumentStore, tx: Transaction, fileId: number): void {
  tx.delete(fileRef(store, fileId));
}

export interface FileListQuery {
  ownerUid?: string | undefined;
  visibility?: FileVisibility | undefined;
  limit: number;
  offset: number;
}

/** Newest first. */
export async function listFiles(store: DocumentStore, query: FileListQuery): Promise<{ files: FileDoc[]; total: number }> {
  let base: Query<FileDoc> = files(store);
  if (query.ownerUid !== undefined) base = base.where('owner_uid', '==', query.ownerUid);
  if (query.visibility !== undefined) base = base.where('visibility', '==', query.visibility);
  const ordered = base.orderBy('file_id', 'desc');
  const [page, total] = await Promise.all([ordered.offset(query.offset).limit(query.limit).get(), base.count()]);
  return { files: page.docs.map((doc) => doc.data()), total };
}

/**
 * Private files newest first, with file_id below `belowId` (from the newest when null):
 * the clean-up job's sweep, a batch at a time (index visibility + file_id desc).
 */
export async function listPrivateFilesBelow(store: DocumentStore, belowId: number | null, limit: number): Promise<FileDoc[]> {
  let query = files(store).where('visibility', '==', 'private');
  if (belowId !== null) query = query.where('file_id', '<', belowId);
  const page = await query.orderBy('file_id', 'desc').limit(limit).get();
  return page.docs.map((doc) => doc.data());
}
