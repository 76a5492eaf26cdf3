import type { MatrixRow } from './types';

/** Authorization rows of the access area. */
export const accessRows: MatrixRow[] = [];
