import { mailDeps } from '../background-deps';
import type { DocumentTrigger } from '../data/store/types';
import { mailOnWaitlistChange } from '../services/mail/booking-mail';

/** Writes the "waitlist closed" e-mail to `mail/` when an entry stops waiting because its line closed (ADR 0064). */
export const mailOnWaitlistTrigger: DocumentTrigger = {
  name: 'mailOnWaitlist',
  document: 'waitlists/{waitlistId}',
  handler: (event) => mailOnWaitlistChange(mailDeps(), event),
};
