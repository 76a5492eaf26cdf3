import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import { useEffect, useRef, useState } from 'react';

const s = bookingAdminMessages.checkInScreen;

/** The part of the Barcode Detection API used here (not in TypeScript's DOM types yet). */
interface QrDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type QrDetectorConstructor = new (options: { formats: string[] }) => QrDetector;

/** How often a frame is looked at: often enough to feel instant, rarely enough to spare a phone's battery. */
const SCAN_EVERY_MS = 250;

/** Whether this browser can read a QR from the camera without a library (Chrome, Edge, Safari with the flag…); else only the typed code. */
export function canScanQr(): boolean {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The rear camera's view, read for a QR until one is found; the text found is
 * handed over once and the camera is released when this unmounts.
 */
export function QrScanner({ onText }: { onText: (text: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // The latest callback, so a new one from the parent does not restart the camera.
  const handOver = useRef(onText);
  useEffect(() => {
    handOver.current = onText;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const Detector = (window as unknown as { BarcodeDetector: QrDetectorConstructor }).BarcodeDetector;
    const start = async () => {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play();
      const detector = new Detector({ formats: ['qr_code'] });
      const look = async () => {
        if (stopped) return;
        try {
          const [found] = await detector.detect(element);
          if (found?.rawValue) {
            handOver.current(found.rawValue);
            return;
          }
        } catch {
          // A frame that is not ready yet: the next one is tried.
        }
        timer = setTimeout(() => void look(), SCAN_EVERY_MS);
      };
      await look();
    };
    start().catch(() => {
      if (!stopped) setFailed(true);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (failed) return <p role="alert">{s.cameraError}</p>;
  return (
    <div className="admin-checkin__camera">
      <p className="muted">{s.scanning}</p>
      <video ref={video} className="admin-checkin__video" aria-label={s.cameraLabel} muted playsInline />
    </div>
  );
}
