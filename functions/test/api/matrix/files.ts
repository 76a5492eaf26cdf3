import type { MatrixRow } from './types';

/** Authorization rows of the files area. */
export const filesRows: MatrixRow[] = [];
