import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import { useEffect, useRef, useState } from 'react';
import { createQrReader } from './qr-decoder';

const s = bookingAdminMessages.checkInScreen;

/** How often a frame is looked at: often enough to feel instant, rarely enough to spare a phone's battery. */
export const SCAN_EVERY_MS = 250;

/**
 * Whether this browser can give the screen a camera: every current browser
 * can then read a QR (BarcodeDetector where present, else jsQR; qr-decoder.ts).
 */
export function canScanQr(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The rear camera's view, read for QRs continuously: each text found is handed
 * over, except while `paused` (the kiosk shows a result meanwhile; the camera
 * stays on so the next customer sees it). The camera is released when this
 * unmounts.
 */
export function QrScanner({ onText, paused = false }: { onText: (text: string) => void; paused?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  // The latest callback and pause, so a change from the parent does not restart the camera.
  const handOver = useRef(onText);
  const isPaused = useRef(paused);
  useEffect(() => {
    handOver.current = onText;
    isPaused.current = paused;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => stream?.getTracks().forEach((track) => track.stop());
    const start = async () => {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      const element = video.current;
      // Stopped while the browser was still asking for the camera: the stream that came too late is released too.
      if (stopped || !element) {
        release();
        return;
      }
      element.srcObject = stream;
      await element.play();
      const read = await createQrReader();
      const look = async () => {
        if (stopped) return;
        if (!isPaused.current) {
          try {
            const text = await read(element);
            if (text && !stopped && !isPaused.current) handOver.current(text);
          } catch {
            // A frame that is not ready yet: the next one is tried.
          }
        }
        if (!stopped) timer = setTimeout(() => void look(), SCAN_EVERY_MS);
      };
      await look();
    };
    start().catch(() => {
      // No camera, or the decoder could not load: the camera is not left on behind the message.
      release();
      if (!stopped) setFailed(true);
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      release();
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
