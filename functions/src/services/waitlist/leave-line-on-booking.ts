import { endWaitlist, getWaiting, getWaitlist } from '../../data/repos/waitlists-repo';
import type { Transaction } from '../../data/store/types';
import type { StoreDeps } from '../../deps';

/**
 * A customer booked into a class whose line they were in (by themselves or
 * added by the desk): their entry ends as 'already-booked', in the booking's
 * own transaction. Read now, written by the function it answers, which the
 * booking calls after its last read (a transaction reads before it writes).
 * The waitlist's one door for booking (ADR 0123): booking never writes the
 * line itself.
 */
export async function leaveLineOnBooking(deps: StoreDeps, tx: Transaction, singleClassId: number, customerId: number): Promise<(() => void) | null> {
  const waiting = await getWaiting(deps.store, singleClassId, customerId, tx);
  if (!waiting) return null;
  const entry = await getWaitlist(deps.store, waiting.waitlist_id, tx);
  if (!entry || entry.status !== 'waiting') return null;
  return () => {
    const now = deps.now();
    endWaitlist(deps.store, tx, { ...entry, status: 'left', end_reason: 'already-booked', endedAt: now, updatedAt: now });
  };
}
