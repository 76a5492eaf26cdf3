import type { MatrixRow } from './types';

/** Authorization rows of the catalogue area. */
export const catalogueRows: MatrixRow[] = [];
