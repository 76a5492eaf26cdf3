import type { newCustomer } from '../support';

export type MatrixCustomer = Awaited<ReturnType<typeof newCustomer>>;

/** What a row's request builder gets: the resource owner (a customer) and an admin token for setup calls. */
export interface MatrixContext {
  owner: MatrixCustomer;
  adminToken: string;
}

export interface MatrixCall {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * One route, the status each kind of caller gets. "customer" acts on their own
 * resources; "other" is a second customer acting on the first one's.
 */
export interface MatrixRow {
  route: string;
  call: (ctx: MatrixContext) => MatrixCall | Promise<MatrixCall>;
  anonymous: number;
  customer: number;
  other: number;
  admin: number;
}
