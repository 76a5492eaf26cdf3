import type { DocumentTrigger } from '../data/store/types';
import { countReservationsTrigger } from './count-reservations';
import { finishCancellationTrigger } from './finish-cancellation';
import { mailOnInvoiceTrigger, mailOnPurchaseTrigger } from './mail-on-payment';
import { mailOnReservationTrigger } from './mail-on-reservation';
import { mailOnWaitlistTrigger } from './mail-on-waitlist';
import { notifyOnClassTrigger, notifyOnWaitlistTrigger } from './notification-triggers';
import { processFileTrigger } from './process-file';
import { promoteOnCancelTrigger, promoteOnWaitlistTrigger, waitlistOnClassTrigger } from './waitlist-triggers';

/**
 * Every Firestore document trigger. index.ts wraps each one for deployment,
 * exported under the trigger's name (a test checks the two lists agree); the
 * local stack's dispatcher delivers the same events to the same handlers.
 */
export const documentTriggers: DocumentTrigger[] = [
  processFileTrigger,
  countReservationsTrigger,
  mailOnReservationTrigger,
  mailOnWaitlistTrigger,
  mailOnInvoiceTrigger,
  mailOnPurchaseTrigger,
  promoteOnCancelTrigger,
  promoteOnWaitlistTrigger,
  waitlistOnClassTrigger,
  notifyOnWaitlistTrigger,
  notifyOnClassTrigger,
  finishCancellationTrigger,
];
