import type { Waitlist } from '@studio/shared/schemas/waitlist';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { endWaitlist, getWaitlist, listWaitingOfUid, type WaitlistDoc } from '../../data/repos/waitlists-repo';
import type { StoreDeps } from '../../deps';
import { studioTimezone } from '../credits/expiry';
import { waitlistNotFound } from './join-waitlist';
import { presentWaitlists } from './present-waitlists';

/**
 * DELETE /waitlist/{id}: the owner leaves the line (an admin may take anyone
 * off: status 'removed'). An entry that already ended is answered as it is.
 * If they were the last one waiting for a held seat, the waitlist trigger
 * frees it.
 */
export async function leaveWaitlist(deps: StoreDeps, identity: VerifiedIdentity, id: number): Promise<Waitlist> {
  const tz = await studioTimezone(deps);
  const entry = await deps.store.runTransaction(async (tx) => {
    const current = await getWaitlist(deps.store, id, tx);
    if (!current || (current.uid !== identity.uid && !identity.admin)) throw waitlistNotFound();
    if (current.status !== 'waiting') return current;
    const now = deps.now();
    const own = current.uid === identity.uid;
    const ended: WaitlistDoc = { ...current, status: own ? 'left' : 'removed', end_reason: own ? 'customer' : 'admin', endedAt: now, updatedAt: now };
    endWaitlist(deps.store, tx, ended);
    return ended;
  });
  const [dto] = await presentWaitlists(deps, [entry], tz);
  return dto as Waitlist;
}

/** GET /waitlist: the caller's entries still waiting, soonest class first, each with its live position. */
export async function listOwnWaitlists(deps: StoreDeps, identity: VerifiedIdentity): Promise<Waitlist[]> {
  const [waiting, tz] = await Promise.all([listWaitingOfUid(deps.store, identity.uid), studioTimezone(deps)]);
  waiting.sort((a, b) => a.class_date.getTime() - b.class_date.getTime() || a.waitlist_id - b.waitlist_id);
  return presentWaitlists(deps, waiting, tz);
}

/** GET /waitlist/{id}: one of the caller's entries, any status (an admin may read any). */
export async function getOwnWaitlist(deps: StoreDeps, identity: VerifiedIdentity, id: number): Promise<Waitlist> {
  const [entry, tz] = await Promise.all([getWaitlist(deps.store, id), studioTimezone(deps)]);
  if (!entry || (entry.uid !== identity.uid && !identity.admin)) throw waitlistNotFound();
  const [dto] = await presentWaitlists(deps, [entry], tz);
  return dto as Waitlist;
}
