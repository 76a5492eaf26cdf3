import { storeDeps } from '../background-deps';
import type { DocumentTrigger } from '../data/store/types';
import { classChanged, reservationEnded, waitlistChanged } from '../services/waitlist/on-waitlist-change';

/** A reservation ended: its seat goes to the first in line (ADR 0061). */
export const promoteOnCancelTrigger: DocumentTrigger = {
  name: 'promoteOnCancel',
  document: 'class_reservations/{reservationId}',
  handler: (event) => reservationEnded(storeDeps(), event),
};

/** Someone joined or left a line: a free seat is handed on, a held seat nobody waits for is freed. */
export const promoteOnWaitlistTrigger: DocumentTrigger = {
  name: 'promoteOnWaitlist',
  document: 'waitlists/{waitlistId}',
  handler: (event) => waitlistChanged(storeDeps(), event),
};

/** A class was cancelled, moved or given more capacity: its line closes, follows, or is promoted. */
export const waitlistOnClassTrigger: DocumentTrigger = {
  name: 'waitlistOnClass',
  document: 'single_classes/{singleClassId}',
  handler: (event) => classChanged(storeDeps(), event),
};
