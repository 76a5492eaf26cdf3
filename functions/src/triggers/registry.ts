import type { DocumentTrigger } from '../data/store/types';

/**
 * Every Firestore document trigger. index.ts wraps each one for deployment;
 * the local stack's dispatcher delivers the same events to the same handlers.
 * Empty until a feature needs one (file processing and waitlist promotion do).
 */
export const documentTriggers: DocumentTrigger[] = [];
