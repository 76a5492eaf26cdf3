import { createHash, randomUUID } from 'node:crypto';
import type { ErrorCode } from '@studio/shared/error-codes';
import { fill, messages } from '@studio/shared/messages';
import { filesMessages } from '@studio/shared/messages/files';
import {
  ALLOWED_FILE_TYPES,
  displayFileName,
  type FileDataInput,
  fileDataSchema,
  isSafeFileName,
  normalizeFileType,
  type StudioFile,
} from '@studio/shared/schemas/file';
import { ValidationError } from 'yup';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { createFile, type FileDoc } from '../../data/files/files-repo';
import { allocateId } from '../../data/repos/counters-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { jsonShapeProblem } from '../../domain/json-shape';
import { toValidationAppError } from '../../domain/validation';
import { sniffFileType } from './file-content';
import { toFileDto } from './file-dto';
import { consumeUploadQuota } from './upload-quota';

/** The one file part of an upload, as received (nothing about it is trusted yet). */
export interface UploadedPart {
  /** The client's file name, path and all (busboy's preservePath), so path tricks can be refused rather than hidden. */
  filename: string;
  declaredType: string;
  bytes: Buffer;
}

/** What an upload brings (http/multipart.ts reads it from the request): at most one file, and the optional `data` text. */
export interface UploadInput {
  file: UploadedPart | null;
  /** The optional `data` text field (a JSON object). */
  data: string | undefined;
}

const invalid = (code: ErrorCode, message: string, field: string) => new AppError('invalid', code, message, { [field]: message });

async function parseData(text: string | undefined): Promise<FileDataInput> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('files/invalid-data', filesMessages.invalidData, 'data');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('files/invalid-data', filesMessages.invalidData, 'data');
  // The limits every JSON body meets (http/body.ts, http/validate.ts), for this JSON sent inside a form field.
  const problem = jsonShapeProblem(value);
  if (problem !== null) throw invalid('files/invalid-data', filesMessages.invalidData, 'data');
  try {
    return await fileDataSchema.validate(value, { abortEarly: false, strict: true });
  } catch (error) {
    throw error instanceof ValidationError ? toValidationAppError(error) : error;
  }
}

/**
 * POST /api/files and /api/files/s3. Everything is checked before anything is
 * written: one non-empty file, an allowed declared type, its size limit, bytes
 * whose signature is that type, a name that is not a path; for customers also
 * a customer record and room in their upload quota. The bytes go under
 * a fresh random key (never the client's name), then the metadata is created
 * with the next file_id; if that fails the bytes are removed again. The
 * processing trigger takes it from status 'uploaded'.
 */
export async function uploadFile(deps: Deps, identity: VerifiedIdentity, upload: UploadInput): Promise<StudioFile> {
  const part = upload.file;
  if (part === null || part.bytes.length === 0) throw invalid('files/file-required', messages.validation.fileRequired, 'file');
  const data = await parseData(upload.data);

  const type = normalizeFileType(part.declaredType);
  if (type === null) throw new AppError('unsupported-media', 'files/type-not-allowed', filesMessages.typeNotAllowed, { file: filesMessages.typeNotAllowed });
  const { maxBytes } = ALLOWED_FILE_TYPES[type];
  if (part.bytes.length > maxBytes) {
    const message = fill(filesMessages.tooLarge, { mb: maxBytes / (1024 * 1024) });
    throw new AppError('too-large', 'files/too-large', message, { file: message });
  }
  if (sniffFileType(part.bytes) !== type) throw invalid('files/type-mismatch', filesMessages.typeMismatch, 'file');

  const rawName = data.name ?? part.filename;
  if (!isSafeFileName(rawName)) throw invalid('files/invalid-name', filesMessages.invalidName, data.name === undefined ? 'file' : 'name');

  const visibility = data.visibility ?? (identity.admin ? 'public' : 'private');
  if (visibility === 'public' && !identity.admin) throw new AppError('forbidden', 'files/public-needs-admin', filesMessages.publicNeedsAdmin);
  if (!identity.admin) {
    // Customers upload for their profile and forms; an identity that never became a customer has no use for storage.
    if ((await getCustomerByUid(deps.store, identity.uid)) === null) {
      throw new AppError('forbidden', 'files/customer-required', filesMessages.customerRequired);
    }
    await consumeUploadQuota(deps, identity.uid, part.bytes.length);
  }

  const key = `files/${randomUUID()}.${ALLOWED_FILE_TYPES[type].extensions[0]}`;
  const sha256 = createHash('sha256').update(part.bytes).digest('hex');
  await deps.files.save(key, part.bytes, type);

  try {
    const doc = await deps.store.runTransaction(async (tx) => {
      const customer = await getCustomerByUid(deps.store, identity.uid, tx);
      const fileId = await allocateId(deps.store, tx, 'files');
      const now = deps.now();
      const created: FileDoc = {
        file_id: fileId,
        name: displayFileName(rawName, type),
        alt: data.alt?.trim() || null,
        type,
        size: part.bytes.length,
        sha256,
        key,
        visibility,
        owner_uid: identity.uid,
        by_admin: identity.admin,
        customer_id: customer?.customer_id ?? null,
        status: 'uploaded',
        width: null,
        height: null,
        rejection: null,
        createdAt: now,
        updatedAt: now,
        processedAt: null,
      };
      createFile(deps.store, tx, created);
      return created;
    });
    return toFileDto(doc);
  } catch (error) {
    await deps.files.delete(key);
    throw error;
  }
}
