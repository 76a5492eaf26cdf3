import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { fill, messages } from '@studio/shared/messages';
import { filesMessages } from '@studio/shared/messages/files';
import { MAX_FILE_BYTES, MAX_FILE_MB } from '@studio/shared/schemas/file';
import type busboy from 'busboy';
import { lazyModule } from '../data/lazy-module';
import { AppError } from '../domain/errors';
import type { UploadedPart, UploadInput } from '../services/files/upload-file';

/** What an upload request offers: its headers, and either the body the platform already read or the stream. */
export type UploadRequest = Readable & { headers: IncomingHttpHeaders; rawBody?: Buffer };

/** busboy, loaded by the first upload: only the files routes parse multipart bodies (docs/operations.md "Cold start"). */
const loadBusboy = lazyModule<typeof busboy>('busboy');

const FILE_FIELD = 'file';
const DATA_FIELD = 'data';
const DATA_MAX_BYTES = 16 * 1024;

const tooLargeError = () => {
  const message = fill(filesMessages.tooLarge, { mb: MAX_FILE_MB });
  return new AppError('too-large', 'files/too-large', message, { file: message });
};
const malformed = () => new AppError('invalid', 'files/malformed', filesMessages.malformed);

/**
 * Reads a multipart/form-data upload: exactly one file in the field `file`,
 * optionally a text field `data`. Cloud Functions has already read the whole
 * body into req.rawBody (the stream is spent), so that buffer is parsed; an
 * in-process request is parsed from its stream. Limits stop reading early:
 * a file over the largest allowed size, a second file, more parts than the
 * form can have.
 */
export function readMultipartUpload(req: UploadRequest): Promise<UploadInput> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    return Promise.reject(new AppError('unsupported-media', 'files/multipart-required', filesMessages.multipartRequired));
  }
  let parser: busboy.Busboy;
  try {
    parser = loadBusboy()({
      headers: req.headers,
      preservePath: true,
      defParamCharset: 'utf8',
      // busboy reports the limit once a file reaches it, so one byte more lets a file of exactly the maximum through.
      limits: { files: 1, fileSize: MAX_FILE_BYTES + 1, fields: 5, fieldSize: DATA_MAX_BYTES, parts: 8, headerPairs: 20 },
    });
  } catch {
    return Promise.reject(malformed());
  }

  return new Promise<UploadInput>((resolve, reject) => {
    let file: UploadedPart | null = null;
    let data: string | undefined;
    let tooManyFiles = false;
    let tooLarge = false;
    let dataTruncated = false;
    let tooManyParts = false;
    const unknown = new Set<string>();

    parser.on('file', (field, stream, info) => {
      if (field !== FILE_FIELD) unknown.add(field);
      if (file !== null) tooManyFiles = true;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => {
        tooLarge = true;
      });
      // A body that ends mid-file fails the part too; the parser's own 'error' answers the request.
      stream.on('error', () => undefined);
      stream.on('end', () => {
        if (field === FILE_FIELD && file === null) file = { filename: info.filename ?? '', declaredType: info.mimeType, bytes: Buffer.concat(chunks) };
      });
    });
    parser.on('field', (field, value, info) => {
      if (field !== DATA_FIELD) unknown.add(field);
      else if (info.valueTruncated) dataTruncated = true;
      else data = value;
    });
    parser.on('filesLimit', () => {
      tooManyFiles = true;
    });
    parser.on('fieldsLimit', () => {
      tooManyParts = true;
    });
    parser.on('partsLimit', () => {
      tooManyParts = true;
    });
    parser.on('error', () => reject(malformed()));
    parser.on('close', () => {
      if (tooManyFiles) reject(new AppError('invalid', 'files/too-many-files', filesMessages.tooManyFiles, { file: filesMessages.tooManyFiles }));
      else if (tooLarge) reject(tooLargeError());
      else if (unknown.size > 0) {
        const fields = Object.fromEntries([...unknown].map((name) => [name, fill(messages.http.unknownField, { field: name })]));
        const first = [...unknown][0] as string;
        reject(new AppError('invalid', 'invalid-argument', fill(messages.http.unknownField, { field: first }), fields));
      } else if (tooManyParts) reject(malformed());
      else if (dataTruncated) reject(new AppError('invalid', 'files/invalid-data', filesMessages.invalidData, { data: filesMessages.invalidData }));
      else resolve({ file, data });
    });

    if (req.rawBody !== undefined) parser.end(req.rawBody);
    else req.pipe(parser);
  });
}
