/**
 * The reservation rules both sides keep (docs/booking "What a customer may
 * still do with a reservation"): the API refuses by them
 * (functions/src/services/booking), the web hides the buttons by them, so a
 * button is never shown that the server would refuse for these reasons.
 * Instants are epoch milliseconds; no calendar day is involved.
 */

/** Why a customer can no longer cancel a place, or null when these rules allow it (the cancel window and settings still apply). */
export type CancelBlock = 'checked-in' | 'class-started' | null;

/**
 * A checked-in place is no longer cancellable: the roster, attendance and
 * no-show counts already hold it (check-in opens 60 minutes before the class).
 * Nor is any place once the class has started. Check-in is named first: it is
 * the reason the customer needs to hear when both hold.
 */
export function cancelBlock(place: { attended: boolean; classStart: number | null }, now: number): CancelBlock {
  if (place.attended) return 'checked-in';
  if (place.classStart !== null && now >= place.classStart) return 'class-started';
  return null;
}

/**
 * A place may be rated once its class has ended (not while it is going on)
 * and only if the customer attended it. A class whose end is unknown (its
 * record gone) is judged by attendance alone.
 */
export function rateOpen(place: { attended: boolean; classEnd: number | null }, now: number): boolean {
  return place.attended && (place.classEnd === null || now >= place.classEnd);
}
