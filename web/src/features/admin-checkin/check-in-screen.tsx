import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import { useState } from 'react';
import { CheckInPanel } from './check-in-panel';
import { CodeForm } from './code-form';
import { unlockSound } from './kiosk/kiosk-feedback';
import { KioskScan } from './kiosk/kiosk-scan';
import { NameSearch } from './kiosk/name-search';
import { canScanQr } from './kiosk/qr-scanner';
import './admin-checkin.css';

const s = bookingAdminMessages.checkInScreen;

/**
 * /admin/checkin, the desk's kiosk (ADR 0116): the code typed or pasted from
 * the QR's link (looked up, then 'Registrar asistencia'); the camera, on
 * every browser that has one, scanning continuously and checking each code in
 * as it is read; and today's reservations found by name for a customer
 * without their phone.
 */
export function CheckInScreen() {
  const [code, setCode] = useState<string | null>(null);
  const [scanAvailable] = useState(canScanQr);
  const [scanning, setScanning] = useState(false);
  return (
    <section className="screen admin-checkin">
      <h1>{s.title}</h1>
      <CodeForm
        onCode={setCode}
        actions={
          scanAvailable && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                if (!scanning) unlockSound();
                setScanning((on) => !on);
              }}
            >
              {scanning ? s.stopScan : s.scan}
            </button>
          )
        }
      />
      {scanning && <KioskScan />}
      {code && <CheckInPanel key={code} code={code} />}
      <NameSearch />
    </section>
  );
}
