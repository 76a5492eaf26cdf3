import type { DocumentChangeEvent } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { syncLineWithClass } from './close-waitlists';
import { promoteWaitlist } from './promote-waitlist';

const classIdOf = (data: Record<string, unknown> | undefined) => {
  const id = Number(data?.single_class_id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** A reservation ended (cancelled by its owner or removed by an admin): its seat goes to the line. A class cancellation is handled by the class trigger. */
export async function reservationEnded(deps: StoreDeps, event: DocumentChangeEvent): Promise<void> {
  const before = event.before?.data();
  const after = event.after?.data();
  if (!before || !after || before.deletedAt !== null || after.deletedAt === null || after.cancel_reason === 'class-cancelled') return;
  const id = classIdOf(after);
  if (id !== null) await promoteWaitlist(deps, id);
}

/**
 * Someone got in line (a seat may have freed as they joined) or left it, or
 * the line closed (a seat held for them may now be owed to nobody). Ends
 * written by promotion need nothing more.
 */
export async function waitlistChanged(deps: StoreDeps, event: DocumentChangeEvent): Promise<void> {
  const before = event.before?.data();
  const after = event.after?.data();
  const joined = after?.status === 'waiting' && before?.status !== 'waiting';
  // Closed too: if the closing job stopped before freeing the class's held seats, this frees them.
  const left = before?.status === 'waiting' && (after?.status === 'left' || after?.status === 'removed' || after?.status === 'closed');
  if (!joined && !left) return;
  const id = classIdOf(after ?? before);
  if (id !== null) await promoteWaitlist(deps, id);
}

/** The class changed: cancelled → its line closes; moved → entries follow; capacity raised → new seats go to the line first. */
export async function classChanged(deps: StoreDeps, event: DocumentChangeEvent): Promise<void> {
  const before = event.before?.data();
  const after = event.after?.data();
  if (!before || !after) return;
  const fields = ['status', 'class_date', 'duration_minutes', 'capacity'] as const;
  const changed = fields.filter((f) => {
    const a = before[f];
    const b = after[f];
    return a instanceof Date && b instanceof Date ? a.getTime() !== b.getTime() : a !== b;
  });
  if (changed.length === 0) return;
  const id = classIdOf(after);
  if (id === null) return;
  await syncLineWithClass(deps, id);
  if (after.status !== 'cancelled' && Number(after.capacity) > Number(before.capacity)) await promoteWaitlist(deps, id);
}
