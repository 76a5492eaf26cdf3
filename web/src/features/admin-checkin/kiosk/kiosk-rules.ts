import type { RosterReservation } from '@studio/shared/schemas/class-roster';

/**
 * How long a code just handled is ignored when read again: the customer's
 * phone is usually still in front of the camera when scanning resumes, and a
 * second read would only say 'Asistencia ya registrada' over the card just shown.
 */
export const REPEAT_IGNORED_MS = 10_000;

/** How long the result card stays before scanning resumes by itself ('Siguiente' resumes at once). */
export const CARD_SHOWN_MS = 5_000;

/**
 * Whether a scanned code should be handled: a code not read in the last
 * `windowMs` is; one read within it is not, and every read of it renews the
 * wait. So a phone left in front of the camera never checks in twice nor
 * flashes a card, and two phones taking turns are each handled once.
 */
export function createRepeatGuard(windowMs: number = REPEAT_IGNORED_MS, now: () => number = Date.now) {
  const seen = new Map<string, number>();
  const accept = (code: string): boolean => {
    const at = now();
    for (const [known, when] of seen) if (at - when >= windowMs) seen.delete(known);
    const repeated = seen.has(code);
    seen.set(code, at);
    return !repeated;
  };
  // A check-in that failed (the network, the server) is tried again at the next read: the phone is often still there.
  const forget = (code: string): void => {
    seen.delete(code);
  };
  return Object.assign(accept, { forget });
}

/** Accents and case do not matter: 'lopez' finds 'López'. */
export const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The shortest search that is run: one letter would list half the day. */
export const NAME_SEARCH_MIN = 2;

export const customerName = (c: RosterReservation['customer']): string => [c?.name, c?.last_name].filter(Boolean).join(' ').trim();

/**
 * The day's active reservations whose customer's name (first and last, in
 * either order of words typed) contains every word typed. Cancelled
 * reservations are left out: there is nothing to check in.
 */
export function matchByName<T extends { reservation: RosterReservation }>(entries: readonly T[], query: string): T[] {
  const words = folded(query).split(' ').filter(Boolean);
  if (folded(query).length < NAME_SEARCH_MIN) return [];
  return entries.filter(({ reservation }) => {
    if (reservation.deletedAt !== null) return false;
    const name = folded(customerName(reservation.customer));
    return name !== '' && words.every((word) => name.includes(word));
  });
}
