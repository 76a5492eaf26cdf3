import { systemNow } from '../data/clock/system-clock';
import { getStore } from '../data/store/get-store';
import type { DocumentTrigger } from '../data/store/types';
import { notifyOnClassChange } from '../services/notifications/notify-on-class';
import { notifyOnWaitlistChange } from '../services/notifications/notify-on-waitlist';

const deps = () => ({ store: getStore(), now: systemNow });

/** A waitlist entry was promoted: its customer's "Te conseguimos un lugar" notice, off the promotion's transaction. */
export const notifyOnWaitlistTrigger: DocumentTrigger = {
  name: 'notifyOnWaitlist',
  document: 'waitlists/{waitlistId}',
  handler: (event) => notifyOnWaitlistChange(deps(), event),
};

/** A scheduled class moved: a notice for each customer booked in it. */
export const notifyOnClassTrigger: DocumentTrigger = {
  name: 'notifyOnClass',
  document: 'single_classes/{singleClassId}',
  handler: (event) => notifyOnClassChange(deps(), event),
};
