import type { MatrixRow } from './types';

/** Authorization rows of the schedule area. */
export const scheduleRows: MatrixRow[] = [];
