import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import { type FormEvent, useId, useRef, useState } from 'react';
import { normalizeCheckInCode } from './admin-checkin-api';
import { canScanQr, QrScanner } from './qr-scanner';

const s = bookingAdminMessages.checkInScreen;

/**
 * 'Código de acceso': a typed code or a pasted QR link, normalized to the
 * code; the camera, where the browser can read QRs, fills the same field (the
 * typed code stays the fallback).
 */
export function CodeForm({ initial = '', onCode }: { initial?: string; onCode: (code: string) => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [scanAvailable] = useState(canScanQr);

  const take = (text: string) => {
    const code = normalizeCheckInCode(text);
    if (code === null) {
      setError(text.trim() === '' ? s.codeRequired : bookingAdminMessages.codeInvalid);
      input.current?.focus();
      return;
    }
    setError(null);
    setValue(code);
    onCode(code);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    take(value);
  };

  const scanned = (text: string) => {
    setScanning(false);
    setValue(text);
    take(text);
  };

  return (
    <form className="admin-checkin__form" onSubmit={submit} noValidate>
      <div className="admin-checkin__field">
        <label className="admin-checkin__label" htmlFor={id}>
          {s.codeLabel}
        </label>
        <input
          ref={input}
          id={id}
          className="admin-checkin__control"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        />
        <p id={`${id}-hint`} className="admin-checkin__hint">
          {s.codeHint}
        </p>
        {error && (
          <p id={`${id}-error`} className="admin-checkin__error">
            {error}
          </p>
        )}
      </div>
      <div className="actions">
        <button type="submit" className="button">
          {s.lookUp}
        </button>
        {scanAvailable && (
          <button type="button" className="button button--secondary" aria-pressed={scanning} onClick={() => setScanning((on) => !on)}>
            {scanning ? s.stopScan : s.scan}
          </button>
        )}
      </div>
      {scanning && <QrScanner onText={scanned} />}
    </form>
  );
}
