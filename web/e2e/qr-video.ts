import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * A Y4M video (the raw format Chromium's --use-file-for-fake-video-capture
 * plays, looping) showing each text as a QR code in turn: black modules on
 * white, centred, with the quiet zone, `secondsEach` seconds each. The kiosk
 * e2e feeds it to the camera as a customer's phone would be held up.
 */
export function writeQrVideo(file: string, texts: readonly string[], options: { secondsEach?: number; fps?: number } = {}): void {
  const { secondsEach = 2, fps = 5 } = options;
  const [width, height] = [640, 480];
  const frames = texts.map((text) => qrFrame(text, width, height));
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128); // U and V planes: no colour.
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const luma of frames) {
    for (let i = 0; i < secondsEach * fps; i += 1) parts.push(Buffer.from('FRAME\n'), luma, chroma);
  }
  writeFileSync(file, Buffer.concat(parts));
}

/** The Y plane of one frame: the QR's modules as squares of as many pixels as fit in 80% of the height. */
function qrFrame(text: string, width: number, height: number): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + quiet * 2;
  const scale = Math.floor((height * 0.8) / cells);
  const left = Math.floor((width - cells * scale) / 2);
  const top = Math.floor((height - cells * scale) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = (top + (row + quiet) * scale + y) * width + left + (col + quiet) * scale;
        luma.fill(0, start, start + scale);
      }
    }
  }
  return luma;
}
