import { type InferType, number, object, string } from 'yup';
import { fill, messages } from '../messages';
import { filesMessages } from '../messages/files';
import { optionalText, positiveId, text, unknownFields } from './fields';

const v = messages.validation;

/**
 * What may be uploaded, and up to what size (docs/files/README.md). Images for
 * catalogue pictures and profile photos; PDF for legal and form documents.
 * Nothing that a browser would run: no SVG or HTML (scripts), no executables,
 * no archives. The web's file inputs and the API read this same table.
 */
export const ALLOWED_FILE_TYPES = {
  'image/jpeg': { extensions: ['jpg', 'jpeg'], maxBytes: 10 * 1024 * 1024, image: true },
  'image/png': { extensions: ['png'], maxBytes: 10 * 1024 * 1024, image: true },
  'image/webp': { extensions: ['webp'], maxBytes: 10 * 1024 * 1024, image: true },
  'image/gif': { extensions: ['gif'], maxBytes: 10 * 1024 * 1024, image: true },
  'application/pdf': { extensions: ['pdf'], maxBytes: 10 * 1024 * 1024, image: false },
} as const satisfies Record<string, { extensions: readonly string[]; maxBytes: number; image: boolean }>;

export type AllowedFileType = keyof typeof ALLOWED_FILE_TYPES;

/** The largest file of any allowed type; the upload envelope may exceed it only by the form's own overhead. */
export const MAX_FILE_BYTES = Math.max(...Object.values(ALLOWED_FILE_TYPES).map((t) => t.maxBytes));
/** The same limit in the unit the messages use ("10 MB" means 10 × 1024 × 1024 bytes). */
export const MAX_FILE_MB = MAX_FILE_BYTES / (1024 * 1024);

/** Labels the browser may send for an allowed type (older browsers say image/jpg or image/pjpeg). */
const TYPE_ALIASES: Record<string, AllowedFileType> = { 'image/jpg': 'image/jpeg', 'image/pjpeg': 'image/jpeg', 'application/x-pdf': 'application/pdf' };

/** The allowed type a declared content type stands for, or null. */
export function normalizeFileType(declared: string): AllowedFileType | null {
  const type = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  if (Object.prototype.hasOwnProperty.call(ALLOWED_FILE_TYPES, type)) return type as AllowedFileType;
  return TYPE_ALIASES[type] ?? null;
}

/** For `<input accept>`. */
export const FILE_ACCEPT = Object.entries(ALLOWED_FILE_TYPES)
  .flatMap(([type, spec]) => [type, ...spec.extensions.map((ext) => `.${ext}`)])
  .join(',');

export const FILE_NAME_MAX = 200;
export const FILE_ALT_MAX = 300;

// Separators, dot-dot, control characters and the bidirectional overrides that disguise "gpj.exe" as "exe.jpg".
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[/\\\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]|\.\./;

/**
 * A display name is only ever metadata (never a storage key), but it reaches
 * Content-Disposition and people's downloads folders, so anything that looks
 * like a path, hides characters or is blank is refused rather than repaired.
 */
export function isSafeFileName(name: string): boolean {
  const trimmed = name.trim();
  return trimmed.length > 0 && trimmed.length <= FILE_NAME_MAX && !UNSAFE_NAME.test(name) && trimmed !== '.';
}

/**
 * The name as stored: trimmed, and ending in an extension of its real type
 * ("foto.html" holding PNG bytes becomes "foto.html.png"), so a download never
 * opens as something else.
 */
export function displayFileName(name: string, type: AllowedFileType): string {
  const trimmed = name.trim();
  const ext = /\.([A-Za-z0-9]+)$/.exec(trimmed)?.[1]?.toLowerCase();
  const { extensions } = ALLOWED_FILE_TYPES[type];
  if (ext !== undefined && (extensions as readonly string[]).includes(ext)) return trimmed;
  return `${trimmed}.${extensions[0]}`;
}

const fileName = () =>
  text()
    .max(FILE_NAME_MAX, fill(v.tooLong, { n: FILE_NAME_MAX }))
    .test('safe-name', filesMessages.invalidName, (value) => value === undefined || isSafeFileName(value));

export const FILE_VISIBILITIES = ['public', 'private'] as const;
export type FileVisibility = (typeof FILE_VISIBILITIES)[number];

/**
 * The optional `data` part of POST /api/files (a JSON object in a text field).
 * `name` replaces the uploaded file's own name (canvas blobs are all "blob");
 * `visibility` defaults to public for admins and private for customers, and
 * only admins may ask for public.
 */
export const fileDataSchema = object({
  name: fileName().optional(),
  alt: optionalText(FILE_ALT_MAX).optional(),
  visibility: string()
    .typeError(v.mustBeText)
    .oneOf([...FILE_VISIBILITIES], v.selectOption)
    .optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type FileDataInput = InferType<typeof fileDataSchema>;

/** PUT /api/files: display metadata only; bytes, type and visibility never change after upload. */
export const fileUpdateSchema = object({
  file_id: positiveId().required(v.required),
  name: fileName().optional(),
  alt: optionalText(FILE_ALT_MAX).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type FileUpdateInput = InferType<typeof fileUpdateSchema>;

/** Paging skips documents (each billed as a read on Firestore, and an offset past 2^53 is no longer an integer), so deep pages are bounded. */
export const FILES_MAX_PAGE = 1000;

/** GET /api/files?page&visibility (visibility filters only an admin's list). */
export const fileListQuerySchema = object({
  page: number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .min(1, v.mustBePositive)
    .max(FILES_MAX_PAGE, fill(filesMessages.pageTooFar, { n: FILES_MAX_PAGE }))
    .optional(),
  visibility: string()
    .typeError(v.mustBeText)
    .oneOf([...FILE_VISIBILITIES], v.selectOption)
    .optional(),
}).noUnknown(unknownFields);
export type FileListQuery = InferType<typeof fileListQuerySchema>;

/** uploaded: accepted by the API, awaiting the processing trigger; ready: verified; rejected: bytes removed. */
export type FileStatus = 'uploaded' | 'ready' | 'rejected';

/** A file as the API shows it. `src` is a URL path the browser can load (private ones need the Authorization header). */
export interface StudioFile {
  file_id: number;
  name: string;
  type: AllowedFileType;
  src: string;
  alt: string | null;
  size: number;
  width: number | null;
  height: number | null;
  visibility: FileVisibility;
  status: FileStatus;
  customer_id: number | null;
  createdAt: string;
}

/** How other records embed a file (instructor.file, class_type.file, …): the spec's {file_id, name, type, src}. */
export interface StudioFileRef {
  file_id: number;
  name: string;
  type: string;
  src: string;
}
