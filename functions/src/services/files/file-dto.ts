import type { StudioFile, StudioFileRef } from '@studio/shared/schemas/file';
import type { FileDoc } from '../../data/files/files-repo';

/** Where the API serves a file's bytes (config filesBaseSrc names the same prefix for the SPA). */
export const FILES_RAW_PATH = '/api/files/raw';

export const fileSrc = (fileId: number) => `${FILES_RAW_PATH}/${fileId}`;

/** What the API shows of a file: never the storage key, the owner's uid or the rejection code. */
export function toFileDto(doc: FileDoc): StudioFile {
  return {
    file_id: doc.file_id,
    name: doc.name,
    type: doc.type,
    src: fileSrc(doc.file_id),
    alt: doc.alt,
    size: doc.size,
    width: doc.width,
    height: doc.height,
    visibility: doc.visibility,
    status: doc.status,
    customer_id: doc.customer_id,
    createdAt: doc.createdAt.toISOString(),
  };
}

export function toFileRef(doc: FileDoc): StudioFileRef {
  return { file_id: doc.file_id, name: doc.name, type: doc.type, src: fileSrc(doc.file_id) };
}
