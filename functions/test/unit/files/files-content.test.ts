import { displayFileName, isSafeFileName, normalizeFileType } from '@studio/shared/schemas/file';
import { describe, expect, it } from 'vitest';
import { inspectFile, sniffFileType } from '../../../src/services/files/file-content';
import { exe, gif, html, jpeg, jpegOfSize, pdf, png, svg, webp, webpOfSize } from './files-fixtures';

describe('sniffFileType', () => {
  it('recognises each allowed type by its signature', () => {
    expect(sniffFileType(png())).toBe('image/png');
    expect(sniffFileType(jpeg())).toBe('image/jpeg');
    expect(sniffFileType(gif())).toBe('image/gif');
    expect(sniffFileType(webp())).toBe('image/webp');
    expect(sniffFileType(pdf())).toBe('application/pdf');
  });

  it('knows nothing else: SVG, HTML, executables, text, empty', () => {
    for (const bytes of [svg(), html(), exe(), Buffer.from('hola'), Buffer.alloc(0), Buffer.from('RIFF0000WAVE')]) expect(sniffFileType(bytes)).toBeNull();
  });
});

describe('inspectFile', () => {
  it('reads the size of every image format', () => {
    expect(inspectFile(png(3, 2), 'image/png')).toEqual({ ok: true, width: 3, height: 2 });
    expect(inspectFile(jpeg(), 'image/jpeg')).toEqual({ ok: true, width: 1, height: 1 });
    expect(inspectFile(jpegOfSize(640, 480), 'image/jpeg')).toEqual({ ok: true, width: 640, height: 480 });
    expect(inspectFile(gif(), 'image/gif')).toEqual({ ok: true, width: 1, height: 1 });
    expect(inspectFile(gif(300, 200), 'image/gif')).toEqual({ ok: true, width: 300, height: 200 });
    expect(inspectFile(webp(), 'image/webp')).toEqual({ ok: true, width: 1, height: 1 });
    expect(inspectFile(webpOfSize(1920, 1080), 'image/webp')).toEqual({ ok: true, width: 1920, height: 1080 });
    expect(inspectFile(pdf(), 'application/pdf')).toEqual({ ok: true, width: null, height: null });
  });

  it('refuses bytes of another type than recorded', () => {
    expect(inspectFile(png(), 'image/jpeg')).toEqual({ ok: false, reason: 'type-mismatch' });
    expect(inspectFile(svg(), 'image/png')).toEqual({ ok: false, reason: 'type-mismatch' });
  });

  it('refuses cut or broken files', () => {
    const whole = png(3, 2);
    expect(inspectFile(whole.subarray(0, whole.length - 12), 'image/png')).toEqual({ ok: false, reason: 'unreadable' });
    expect(inspectFile(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), 'image/jpeg')).toEqual({ ok: false, reason: 'unreadable' });
    expect(inspectFile(jpegOfSize(0, 10), 'image/jpeg')).toEqual({ ok: false, reason: 'unreadable' });
    expect(inspectFile(webp().subarray(0, 20), 'image/webp')).toEqual({ ok: false, reason: 'unreadable' });
    expect(inspectFile(pdf().subarray(0, 40), 'application/pdf')).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('refuses images that would take gigabytes to decode', () => {
    expect(inspectFile(webpOfSize(16_000, 16_000), 'image/webp')).toEqual({ ok: false, reason: 'too-many-pixels' });
    expect(inspectFile(gif(65_535, 10), 'image/gif')).toEqual({ ok: false, reason: 'too-many-pixels' });
    expect(inspectFile(png(7000, 7000), 'image/png')).toEqual({ ok: true, width: 7000, height: 7000 });
  });
});

describe('file names and types', () => {
  it('refuses names that are paths or hide characters', () => {
    for (const name of [
      '../../etc/passwd.png',
      'a/b.png',
      'C:\\fotos\\a.png',
      '..',
      '.',
      '',
      '   ',
      'foto\u0000.png',
      'foto\n.png',
      'gpj\u202e.exe',
      'x'.repeat(201),
    ]) {
      expect(isSafeFileName(name), JSON.stringify(name)).toBe(false);
    }
    for (const name of ['foto.png', 'Credencial de Ana Núñez.jpg', 'blob', 'v1.2 final.pdf', '.perfil.png']) expect(isSafeFileName(name), name).toBe(true);
  });

  it('gives stored names an extension of the real type', () => {
    expect(displayFileName('foto.PNG', 'image/png')).toBe('foto.PNG');
    expect(displayFileName(' foto.jpeg ', 'image/jpeg')).toBe('foto.jpeg');
    expect(displayFileName('foto.html', 'image/png')).toBe('foto.html.png');
    expect(displayFileName('blob', 'image/webp')).toBe('blob.webp');
    expect(displayFileName('contrato v1.2', 'application/pdf')).toBe('contrato v1.2.pdf');
  });

  it('accepts the labels browsers use for allowed types only', () => {
    expect(normalizeFileType('image/jpg')).toBe('image/jpeg');
    expect(normalizeFileType('IMAGE/PNG; charset=binary')).toBe('image/png');
    for (const type of ['image/svg+xml', 'text/html', 'application/octet-stream', 'application/x-msdownload', 'image/heic', ''])
      expect(normalizeFileType(type)).toBeNull();
  });
});
