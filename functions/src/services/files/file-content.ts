import type { AllowedFileType } from '@studio/shared/schemas/file';
import { at } from '../../domain/at';

/**
 * What the bytes are, from their own signatures (never from the name or the
 * declared type), and what the processing trigger verifies in depth. Pure
 * functions over a Buffer: no native image libraries.
 */

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (bytes: Buffer, at: number, text: string) => bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/** The allowed type whose magic number starts the bytes, or null (anything else, including SVG, HTML and executables). */
export function sniffFileType(bytes: Buffer): AllowedFileType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return 'image/gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (ascii(bytes, 0, '%PDF-')) return 'application/pdf';
  return null;
}

/** Images beyond these are refused: a few MB can declare a picture that takes gigabytes to decode. */
export const MAX_IMAGE_SIDE = 20_000;
export const MAX_IMAGE_PIXELS = 50_000_000;

export type InspectionFailure = 'type-mismatch' | 'unreadable' | 'too-many-pixels';
export type Inspection = { ok: true; width: number | null; height: number | null } | { ok: false; reason: InspectionFailure };

interface Size {
  width: number;
  height: number;
}

function pngSize(bytes: Buffer): Size | null {
  // Signature, then the IHDR chunk must come first; a complete file ends with IEND.
  if (bytes.length < 8 + 25 + 12 || !ascii(bytes, 12, 'IHDR') || bytes.readUInt32BE(8) !== 13) return null;
  if (!ascii(bytes, bytes.length - 8, 'IEND')) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function gifSize(bytes: Buffer): Size | null {
  if (bytes.length < 13) return null;
  return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
}

/** Start-of-frame markers carry the size; DHT (C4), JPG (C8) and DAC (CC) share the range but are not frames. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Buffer): Size | null {
  let i = 2;
  while (i + 1 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    let marker = at(bytes, i + 1);
    while (marker === 0xff && i + 2 < bytes.length) marker = at(bytes, ++i + 1);
    i += 2;
    // Markers without a length: TEM and restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd9 || marker === 0xda || i + 2 > bytes.length) return null;
    const length = bytes.readUInt16BE(i);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (i + 7 > bytes.length) return null;
      return { width: bytes.readUInt16BE(i + 5), height: bytes.readUInt16BE(i + 3) };
    }
    i += length;
  }
  return null;
}

function webpSize(bytes: Buffer): Size | null {
  if (bytes.length < 30 || bytes.readUInt32LE(4) + 8 > bytes.length) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return null;
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  return null;
}

const sizeReaders: Record<Exclude<AllowedFileType, 'application/pdf'>, (bytes: Buffer) => Size | null> = {
  'image/png': pngSize,
  'image/gif': gifSize,
  'image/jpeg': jpegSize,
  'image/webp': webpSize,
};

/** A complete PDF ends with %%EOF (possibly followed by line ends); a cut upload does not. */
const pdfComplete = (bytes: Buffer) => bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF', 0, 'latin1');

/**
 * The deep check the processing trigger runs on stored bytes: the signature
 * matches the recorded type, the header parses, and images have sane sizes.
 */
export function inspectFile(bytes: Buffer, type: AllowedFileType): Inspection {
  if (sniffFileType(bytes) !== type) return { ok: false, reason: 'type-mismatch' };
  if (type === 'application/pdf') return pdfComplete(bytes) ? { ok: true, width: null, height: null } : { ok: false, reason: 'unreadable' };
  const size = sizeReaders[type](bytes);
  if (size === null || size.width === 0 || size.height === 0) return { ok: false, reason: 'unreadable' };
  if (size.width > MAX_IMAGE_SIDE || size.height > MAX_IMAGE_SIDE || size.width * size.height > MAX_IMAGE_PIXELS) {
    return { ok: false, reason: 'too-many-pixels' };
  }
  return { ok: true, ...size };
}
