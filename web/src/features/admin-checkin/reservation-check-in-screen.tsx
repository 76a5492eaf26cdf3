import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { normalizeCheckInCode } from './admin-checkin-api';
import { CheckInPanel } from './check-in-panel';
import { CodeForm } from './code-form';
import './admin-checkin.css';

const s = bookingAdminMessages.checkInScreen;

/**
 * /admin/reservaciones/:id?code=…: where the customer's QR leads (an admin's
 * phone scanning it lands here). The code names the reservation and the
 * server checks it, so the path's id is not needed; without a usable code the
 * typed-code form is offered instead.
 */
export function ReservationCheckInScreen() {
  const [params] = useSearchParams();
  const fromLink = normalizeCheckInCode(params.get('code') ?? '');
  const [typed, setTyped] = useState<string | null>(null);
  const code = typed ?? fromLink;
  return (
    <section className="screen admin-checkin">
      <h1>{s.title}</h1>
      {fromLink === null && <CodeForm onCode={setTyped} />}
      {code && <CheckInPanel key={code} code={code} />}
    </section>
  );
}
