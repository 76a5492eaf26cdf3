import { formatAdminDateTime } from '@studio/shared/format/admin-dates';
import { fill } from '@studio/shared/messages';
import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import type { CheckInByCodeResult } from '@studio/shared/schemas/class-roster';
import { useEffect, useId, useRef, useState } from 'react';
import { apiErrorText } from '../../../lib/api-client';
import { configString, useConfig } from '../../../lib/app-config';
import { queryClient } from '../../../lib/server-data';
import { checkInByCode, checkInKeys, normalizeCheckInCode } from '../admin-checkin-api';
import { CheckInPhoto } from '../check-in-photo';
import { signalOutcome } from './kiosk-feedback';
import { CARD_SHOWN_MS, createRepeatGuard, customerName } from './kiosk-rules';
import { QrScanner } from './qr-scanner';

const s = bookingAdminMessages.checkInScreen;

type Shown = { kind: 'working' } | { kind: 'done'; result: CheckInByCodeResult } | { kind: 'problem'; message: string };

/**
 * The kiosk (ADR 0116): the camera reads QRs continuously; each new code is
 * checked in at once (POST /check_in, idempotent) and its card shown — photo
 * (or initials), name, class, time, spot, 'Asistencia registrada' or 'Asistencia ya registrada' — with a beep
 * and a vibration, announced in a live region. Scanning resumes after
 * CARD_SHOWN_MS or with 'Siguiente'; a code just handled is ignored when read
 * again (kiosk-rules.ts). The card shows nothing of the customer beyond the
 * check-in (no e-mail, no phone).
 */
export function KioskScan() {
  const headingId = useId();
  const timezone = configString(useConfig(), 'timezone') || undefined;
  const [shown, setShown] = useState<Shown | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const accept = useRef(createRepeatGuard()).current;
  const card = useRef<HTMLElement>(null);
  const kiosk = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const settled = shown !== null && shown.kind !== 'working';

  // A short screen (a phone on its side) may have the card below the fold: brought into view, focus left alone.
  useEffect(() => {
    if (settled) card.current?.scrollIntoView?.({ block: 'nearest' });
  }, [settled, shown]);

  // 'Siguiente' (or the timer) removes the card with the focus on it: the kiosk takes it, not <body>.
  useEffect(() => {
    if (shown === null && (document.activeElement === null || document.activeElement === document.body)) kiosk.current?.focus();
  }, [shown]);

  // The card goes by itself after a while, so the queue at the door keeps moving without a touch.
  useEffect(() => {
    if (!settled) return;
    const timer = setTimeout(() => setShown(null), CARD_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [settled, shown]);

  const problem = (message: string) => {
    signalOutcome('problem');
    setShown({ kind: 'problem', message });
    setAnnouncement(message);
  };

  const scanned = (text: string) => {
    const read = text.trim();
    if (!accept(read)) return;
    const code = normalizeCheckInCode(text);
    if (code === null) {
      problem(bookingAdminMessages.codeInvalid);
      return;
    }
    setShown({ kind: 'working' });
    checkInByCode(code).then(
      (result) => {
        void queryClient.invalidateQueries({ queryKey: checkInKeys.all });
        if (!mounted.current) return;
        const name = customerName(result.customer) || '—';
        signalOutcome('ok');
        setShown({ kind: 'done', result });
        setAnnouncement(fill(result.changed ? s.checkedIn : s.wasCheckedIn, { name }));
      },
      (error: unknown) => {
        accept.forget(read);
        if (mounted.current) problem(apiErrorText(error) ?? s.kioskProblem);
      },
    );
  };

  return (
    <div ref={kiosk} tabIndex={-1} className="admin-checkin__kiosk">
      <p className="admin-checkin__hint">{s.scanningOn}</p>
      {shown?.kind === 'working' && <p className="admin-checkin__working">{s.kioskChecking}</p>}
      {shown !== null && shown.kind !== 'working' && (
        <section className={`admin-checkin__card admin-checkin__card--${shown.kind === 'done' ? 'ok' : 'problem'}`} aria-labelledby={headingId}>
          {shown.kind === 'done' ? (
            <>
              <p className="admin-checkin__card-state">{shown.result.changed ? s.kioskCheckedIn : s.kioskAlreadyIn}</p>
              <div className="admin-checkin__who">
                <CheckInPhoto customer={shown.result.customer} name={customerName(shown.result.customer) || '—'} />
                <h2 id={headingId} className="admin-checkin__card-name">
                  {customerName(shown.result.customer) || '—'}
                </h2>
              </div>
              <dl className="admin-checkin__card-facts">
                <div>
                  <dt>{s.className}</dt>
                  <dd>{shown.result.single_class.class_type?.name ?? '—'}</dd>
                </div>
                <div>
                  <dt>{s.when}</dt>
                  <dd>{formatAdminDateTime(shown.result.single_class.class_date, timezone)}</dd>
                </div>
                <div>
                  <dt>{s.spot}</dt>
                  <dd>{shown.result.spot ?? s.noSpot}</dd>
                </div>
                {shown.result.guest !== null && (
                  <div>
                    <dt>{s.guest}</dt>
                    <dd>{shown.result.guest}</dd>
                  </div>
                )}
              </dl>
            </>
          ) : (
            <>
              <h2 id={headingId} className="admin-checkin__card-state">
                {s.kioskProblem}
              </h2>
              <p className="admin-checkin__card-message">{shown.message}</p>
            </>
          )}
          <p className="admin-checkin__hint">{s.kioskResumes}</p>
          <button type="button" className="button" onClick={() => setShown(null)}>
            {s.kioskNext}
          </button>
        </section>
      )}
      {/* Below the card: on a phone the card, not the camera, is what the customer at the door must see. */}
      <QrScanner onText={scanned} paused={shown !== null} />
      <p role="status" aria-live="polite" className="admin-checkin__announcement">
        {announcement}
      </p>
    </div>
  );
}
