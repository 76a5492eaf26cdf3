import type { MatrixRow } from './types';

/** Authorization rows of the packages area. */
export const packagesRows: MatrixRow[] = [];
