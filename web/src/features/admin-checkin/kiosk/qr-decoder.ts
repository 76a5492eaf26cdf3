/** The part of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface QrDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type QrDetectorConstructor = new (options: { formats: string[] }) => QrDetector;

declare global {
  interface Window {
    /** Present in Chromium on Android and macOS, absent in Safari, Firefox and Linux Chromium. */
    BarcodeDetector?: QrDetectorConstructor;
  }
}

/** One look at the camera's current frame: the QR's text, or null when there is none (or the frame is not ready). */
export type QrReader = (video: HTMLVideoElement) => Promise<string | null>;

/**
 * Frames are scaled down to this width before decoding in JavaScript: a phone
 * QR held at the desk is still many pixels wide, and a full 1080p frame would
 * cost a phone's CPU several times as much per look.
 */
const DECODE_WIDTH = 640;

function barcodeDetectorReader(Detector: QrDetectorConstructor): QrReader {
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => {
    const [found] = await detector.detect(video);
    return found?.rawValue || null;
  };
}

/**
 * The fallback for browsers without BarcodeDetector (Firefox, Linux Chromium,
 * older Safari): the frame drawn on a canvas and decoded by jsQR. The library
 * is imported here only, dynamically, so it loads with the first scan on the
 * check-in screen and never with the landing or the rest of the console (ADR 0116).
 */
async function jsQrReader(): Promise<QrReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  // willReadFrequently: the canvas is read back every look, so the browser keeps it in memory rather than on the GPU.
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('canvas 2d unavailable');
  return async (video) => {
    const { videoWidth, videoHeight } = video;
    if (!videoWidth || !videoHeight) return null;
    const scale = Math.min(1, DECODE_WIDTH / videoWidth);
    const width = Math.round(videoWidth * scale);
    const height = Math.round(videoHeight * scale);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const image = context.getImageData(0, 0, width, height);
    // A QR is printed dark on light; the inverted attempt would double the work for nothing.
    return jsQR(image.data, width, height, { inversionAttempts: 'dontInvert' })?.data || null;
  };
}

/** The browser's own detector where there is one, else jsQR (loaded now). */
export async function createQrReader(): Promise<QrReader> {
  const Detector = window.BarcodeDetector;
  return Detector ? barcodeDetectorReader(Detector) : jsQrReader();
}
