import { fill } from '@studio/shared/messages';
import { filesMessages } from '@studio/shared/messages/files';
import { ALLOWED_FILE_TYPES, type FileDataInput, normalizeFileType, type StudioFile, type StudioFileRef } from '@studio/shared/schemas/file';
import { api } from './api-client';

const IMAGE_TYPES = Object.entries(ALLOWED_FILE_TYPES).filter(([, spec]) => spec.image);

/** For `<input accept>` of image pickers: only the image types the files API takes (no SVG, no PDF). */
export const IMAGE_ACCEPT = IMAGE_TYPES.flatMap(([type, spec]) => [type, ...spec.extensions.map((ext) => `.${ext}`)]).join(',');

/**
 * Why the files API would refuse this image, checked before sending so a wrong
 * pick is told at once and costs no upload: the caller's words for "not an
 * image", or the API's own size message. Null when it may go.
 */
export function imageProblem(file: File, notAnImage: string): string | null {
  const type = normalizeFileType(file.type);
  if (type === null || !ALLOWED_FILE_TYPES[type].image) return notAnImage;
  const { maxBytes } = ALLOWED_FILE_TYPES[type];
  return file.size > maxBytes ? fill(filesMessages.tooLarge, { mb: maxBytes / (1024 * 1024) }) : null;
}

/**
 * POST /files (multipart, docs/files/README.md): the file in `file` and, when
 * given, the `data` JSON ({name, alt, visibility}). Refusals arrive as ApiError
 * with the server's Spanish message.
 */
export async function uploadFile(file: File, data?: FileDataInput): Promise<StudioFile> {
  const form = new FormData();
  form.set('file', file, file.name);
  if (data) form.set('data', JSON.stringify(data));
  return (await api.post<{ file_id: number; file: StudioFile }>('/files', form)).file;
}

/** A file answering a custom field (profile or booking question): uploaded first, then referred to by the answer. */
export async function uploadAnswerFile(file: File): Promise<StudioFileRef> {
  const stored = await uploadFile(file);
  return { file_id: stored.file_id, name: stored.name, type: stored.type, src: stored.src };
}
