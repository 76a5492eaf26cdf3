import { storeDeps } from '../background-deps';
import type { DocumentTrigger } from '../data/store/types';
import { reservationChanged } from '../services/booking/count-booked';

/** Recounts a class's `booked` after one of its reservations is created or cancelled (ADR 0060). */
export const countReservationsTrigger: DocumentTrigger = {
  name: 'countReservations',
  document: 'class_reservations/{reservationId}',
  handler: (event) => reservationChanged(storeDeps(), event),
};
