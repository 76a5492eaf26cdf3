import { bookingAdminMessages } from '@studio/shared/messages/booking-admin';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { normalizeCheckInCode } from './admin-checkin-api';

const s = bookingAdminMessages.checkInScreen;

/**
 * 'Código de acceso': a typed code or a pasted QR link, normalized to the
 * code. `actions` go beside 'Buscar' (the check-in screen's camera switch; the
 * kiosk's scans check in by themselves, kiosk-scan.tsx).
 */
export function CodeForm({ initial = '', onCode, actions }: { initial?: string; onCode: (code: string) => void; actions?: ReactNode }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);

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
        {actions}
      </div>
    </form>
  );
}
