import { systemNow } from '../data/clock/system-clock';
import { getStore } from '../data/store/get-store';
import type { DocumentTrigger } from '../data/store/types';
import { mailOnReservationChange } from '../services/mail/booking-mail';
import { deploymentOrigin } from '../services/site-origin';

/** Writes the booking and cancellation e-mails to `mail/` (Trigger Email format) off the booking path (ADR 0064). */
export const mailOnReservationTrigger: DocumentTrigger = {
  name: 'mailOnReservation',
  document: 'class_reservations/{reservationId}',
  handler: (event) =>
    mailOnReservationChange(
      {
        store: getStore(),
        now: systemNow,
        projectId: process.env.GCLOUD_PROJECT,
        siteOrigin: deploymentOrigin(process.env.GCLOUD_PROJECT ?? process.env.GCP_PROJECT ?? ''),
      },
      event,
    ),
};
