import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import { useState } from 'react';
import { CheckInPanel } from './check-in-panel';
import { CodeForm } from './code-form';
import './admin-checkin.css';

const s = bookingAdminMessages.checkInScreen;

/**
 * /admin/checkin: the front desk's check-in with nothing but the code (typed,
 * pasted from the QR's link, or read by the camera): the reservation it names
 * and 'Registrar asistencia'.
 */
export function CheckInScreen() {
  const [code, setCode] = useState<string | null>(null);
  return (
    <section className="screen admin-checkin">
      <h1>{s.title}</h1>
      <CodeForm onCode={setCode} />
      {code && <CheckInPanel key={code} code={code} />}
    </section>
  );
}
