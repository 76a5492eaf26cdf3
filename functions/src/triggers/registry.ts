import type { DocumentTrigger } from '../data/store/types';
import { countReservationsTrigger } from './count-reservations';
import { processFileTrigger } from './process-file';

/**
 * Every Firestore document trigger. index.ts wraps each one for deployment,
 * exported under the trigger's name (a test checks the two lists agree); the
 * local stack's dispatcher delivers the same events to the same handlers.
 */
export const documentTriggers: DocumentTrigger[] = [processFileTrigger, countReservationsTrigger];
