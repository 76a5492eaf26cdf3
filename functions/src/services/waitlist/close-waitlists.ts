import { deleteHolding, listHeldSeats } from '../../data/repos/reservations-repo';
import { getSingleClass } from '../../data/repos/single-classes-repo';
import { endWaitlist, getWaitlist, listWaitingDueBy, listWaitingOfClass, replaceWaitlist, type WaitlistDoc } from '../../data/repos/waitlists-repo';
import type { StoreDeps } from '../../deps';
import { recountBooked } from '../booking/count-booked';
import { bookingSettings, classEnd, waitlistClosesAt } from '../booking/rules';

/** Entries closed per page of the scheduled job. */
const PAGE = 200;

/** Frees the seats a class held for its line (the line closed: nobody will be promoted into them). */
async function releaseHeldSeats(deps: StoreDeps, singleClassId: number): Promise<void> {
  await deps.store.runTransaction(async (tx) => {
    const seats = await listHeldSeats(deps.store, tx, singleClassId);
    for (const seat of seats) if (seat.class_reservation_id === null) deleteHolding(deps.store, tx, singleClassId, 'seats', seat.n);
  });
  await recountBooked(deps, singleClassId);
}

type Outcome = 'closed' | 'moved' | 'kept';

/**
 * Closes one entry if its line is due (the class cancelled, or its cutoff
 * reached, read from the class itself), or refreshes the entry's copy of the
 * class times if the class moved. The entry's own transaction: each customer
 * is told once (the mail trigger reacts to the status change).
 */
async function closeIfDue(deps: StoreDeps, id: number, cutoffMinutes: number): Promise<Outcome> {
  return deps.store.runTransaction(async (tx): Promise<Outcome> => {
    const entry = await getWaitlist(deps.store, id, tx);
    if (!entry || entry.status !== 'waiting') return 'kept';
    const cls = await getSingleClass(deps.store, entry.single_class_id, tx);
    const now = deps.now();
    const cancelled = !cls || cls.status === 'cancelled';
    if (cancelled || now.getTime() >= waitlistClosesAt(cls.class_date, { waitlistCutoffMinutes: cutoffMinutes }).getTime()) {
      const closed: WaitlistDoc = { ...entry, status: 'closed', end_reason: cancelled ? 'class-cancelled' : 'cutoff', endedAt: now, updatedAt: now };
      endWaitlist(deps.store, tx, closed);
      return 'closed';
    }
    if (entry.class_date.getTime() !== cls.class_date.getTime() || entry.class_end.getTime() !== classEnd(cls).getTime()) {
      replaceWaitlist(deps.store, tx, { ...entry, class_date: cls.class_date, class_end: classEnd(cls), updatedAt: now });
      return 'moved';
    }
    return 'kept';
  });
}

/**
 * The scheduled job (every 5 minutes): lines whose class starts within the
 * cutoff close; their members are told and the seats held for them are
 * freed for anyone to book. Idempotent; it catches up after any pause.
 */
export async function closeDueWaitlists(deps: StoreDeps): Promise<{ closed: number }> {
  const settings = await bookingSettings(deps);
  let closed = 0;
  const seen = new Set<number>();
  for (;;) {
    const until = new Date(deps.now().getTime() + settings.waitlistCutoffMinutes * 60_000);
    const due = (await listWaitingDueBy(deps.store, until, PAGE)).filter((w) => !seen.has(w.waitlist_id));
    if (due.length === 0) break;
    const classes = new Set<number>();
    for (const entry of due) {
      seen.add(entry.waitlist_id);
      if ((await closeIfDue(deps, entry.waitlist_id, settings.waitlistCutoffMinutes)) === 'closed') {
        closed++;
        classes.add(entry.single_class_id);
      }
    }
    for (const id of classes) await releaseHeldSeats(deps, id);
  }
  return { closed };
}

/**
 * A class changed (the class trigger): a cancelled class's line closes at
 * once; a moved class's entries get its new times (so the job closes them on
 * time). Promotion after a capacity rise is the caller's next step.
 */
export async function syncLineWithClass(deps: StoreDeps, singleClassId: number): Promise<void> {
  const settings = await bookingSettings(deps);
  const entries = await listWaitingOfClass(deps.store, singleClassId);
  let closed = false;
  for (const entry of entries) closed = (await closeIfDue(deps, entry.waitlist_id, settings.waitlistCutoffMinutes)) === 'closed' || closed;
  if (closed) await releaseHeldSeats(deps, singleClassId);
}
