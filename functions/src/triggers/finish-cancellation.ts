import { systemNow } from '../data/clock/system-clock';
import { getStore } from '../data/store/get-store';
import type { DocumentTrigger } from '../data/store/types';
import { classCancelled } from '../services/schedule/on-class-cancelled';

/** A class was cancelled: its reservations are cancelled and refunded even if the API call that cancelled it died (docs/booking). */
export const finishCancellationTrigger: DocumentTrigger = {
  name: 'finishCancellation',
  document: 'single_classes/{singleClassId}',
  handler: (event) => classCancelled({ store: getStore(), now: systemNow }, event),
};
