import { storeDeps } from '../background-deps';
import type { DocumentTrigger } from '../data/store/types';
import { notifyOnClassChange } from '../services/notifications/notify-on-class';
import { notifyOnWaitlistChange } from '../services/notifications/notify-on-waitlist';

/** A waitlist entry was promoted: its customer's "Te conseguimos un lugar" notice, off the promotion's transaction. */
export const notifyOnWaitlistTrigger: DocumentTrigger = {
  name: 'notifyOnWaitlist',
  document: 'waitlists/{waitlistId}',
  handler: (event) => notifyOnWaitlistChange(storeDeps(), event),
};

/** A scheduled class moved: a notice for each customer booked in it. */
export const notifyOnClassTrigger: DocumentTrigger = {
  name: 'notifyOnClass',
  document: 'single_classes/{singleClassId}',
  handler: (event) => notifyOnClassChange(storeDeps(), event),
};
