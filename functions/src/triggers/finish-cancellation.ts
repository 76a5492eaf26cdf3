import { storeDeps } from '../background-deps';
import type { DocumentTrigger } from '../data/store/types';
import { classCancelled } from '../services/schedule/on-class-cancelled';

/** A class was cancelled: its reservations are cancelled and refunded even if the API call that cancelled it died (docs/booking). */
export const finishCancellationTrigger: DocumentTrigger = {
  name: 'finishCancellation',
  document: 'single_classes/{singleClassId}',
  handler: (event) => classCancelled(storeDeps(), event),
};
