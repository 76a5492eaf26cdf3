import { bookingMailDeps } from '../background-deps';
import type { DocumentTrigger } from '../data/store/types';
import { mailOnReservationChange } from '../services/mail/booking-mail';

/** Writes the booking and cancellation e-mails to `mail/` (Trigger Email format) off the booking path (ADR 0064). */
export const mailOnReservationTrigger: DocumentTrigger = {
  name: 'mailOnReservation',
  document: 'class_reservations/{reservationId}',
  handler: (event) => mailOnReservationChange(bookingMailDeps(), event),
};
