/**
 * The class a customer was about to book when the flow had to leave the
 * calendar (to sign in or up, or to buy credits): kept for this tab only, and
 * taken back once, so the booking resumes where it stopped (customer-area §4).
 */
const KEY = 'booking:pending-class';

export function rememberPendingBooking(singleClassId: number): void {
  try {
    sessionStorage.setItem(KEY, String(singleClassId));
  } catch {
    // Storage can be off (private mode): the booking then simply does not resume.
  }
}

export function takePendingBooking(): number | null {
  try {
    const value = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
  } catch {
    return null;
  }
}

/** After signing in from the prompt, the booking continues after 1 second (§4). */
export const RESUME_AFTER_SIGN_IN_MS = 1000;
