import type { OrderDirection, WhereOp } from '../types';
import { StoreError } from '../types';
import { validateQueryValue } from './document-validation';
import { DOCUMENT_ID_FIELD, getAtPath, parseFieldPath } from './field-path';
import type { LocalDocumentSnapshot, StoredDocument } from './local-snapshot';
import { compareStrings, compareValues, DocumentName, typeOrder, valuesEqual } from './value-order';

/**
 * Query shapes and their evaluation. The store loads every document of the
 * queried collection (or collection group) from SQLite by an indexed parent
 * column and evaluates filters, ordering and cursors here, in JS, with
 * Firestore's semantics. That is linear in the collection size, which is fine
 * for a development engine; the composite-index rules in index-rules.ts keep
 * queries honest about what production can serve.
 */

export interface FieldRef {
  readonly path: string;
  readonly segments: readonly string[];
  readonly isName: boolean;
}

export interface FilterSpec {
  readonly field: FieldRef;
  readonly op: WhereOp;
  /** For `__name__` filters: a DocumentName, or an array of them for in/not-in. */
  readonly value: unknown;
}

export interface OrderSpec {
  readonly field: FieldRef;
  readonly dir: OrderDirection;
}

export interface CursorSpec {
  readonly values: readonly unknown[];
  readonly inclusive: boolean;
}

export interface QuerySpec {
  /** Segments of the queried collection; for a collection group, the parent under which to search (root: empty). */
  readonly parentSegments: readonly string[];
  readonly collectionId: string;
  readonly allDescendants: boolean;
  readonly filters: readonly FilterSpec[];
  readonly orders: readonly OrderSpec[];
  readonly limit: number | undefined;
  readonly limitToLast: boolean;
  readonly offset: number | undefined;
  readonly start: CursorSpec | undefined;
  readonly end: CursorSpec | undefined;
}

const whereOps: ReadonlySet<string> = new Set(['==', '!=', '<', '<=', '>', '>=', 'array-contains', 'array-contains-any', 'in', 'not-in']);
const inequalityOps: ReadonlySet<WhereOp> = new Set(['<', '<=', '>', '>=', '!=', 'not-in']);
const listOps: ReadonlySet<WhereOp> = new Set(['in', 'not-in', 'array-contains-any']);

/** Firestore: in and array-contains-any take up to 30 values, not-in up to 10. */
export const MAX_DISJUNCTIONS = 30;
export const MAX_NOT_IN_VALUES = 10;

function invalid(message: string): StoreError {
  return new StoreError('invalid-argument', message);
}

export function isInequality(op: WhereOp): boolean {
  return inequalityOps.has(op);
}

export function fieldRef(path: string): FieldRef {
  if (path === DOCUMENT_ID_FIELD) return { path, segments: [DOCUMENT_ID_FIELD], isName: true };
  return { path, segments: parseFieldPath(path), isName: false };
}

export function compareFieldRefs(a: FieldRef, b: FieldRef): number {
  const n = Math.min(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const c = compareStrings(a.segments[i] as string, b.segments[i] as string);
    if (c !== 0) return c;
  }
  return a.segments.length - b.segments.length;
}

export function collectionSpec(segments: readonly string[]): QuerySpec {
  return {
    parentSegments: segments,
    collectionId: segments[segments.length - 1] as string,
    allDescendants: false,
    filters: [],
    orders: [],
    limit: undefined,
    limitToLast: false,
    offset: undefined,
    start: undefined,
    end: undefined,
  };
}

export function collectionGroupSpec(collectionId: string): QuerySpec {
  return { ...collectionSpec([collectionId]), parentSegments: [], allDescendants: true };
}

/**
 * A `__name__` value: a document id for a collection query, or a full path
 * (relative to the database) for a collection group, as the admin SDK accepts.
 */
function toDocumentName(spec: QuerySpec, value: unknown, what: string): DocumentName {
  if (value instanceof DocumentName) return value;
  if (typeof value !== 'string' || value.length === 0) {
    throw invalid(`${what}: a ${DOCUMENT_ID_FIELD} value must be a document id, a document path or a DocumentReference.`);
  }
  if (spec.allDescendants) {
    const segments = value.split('/').filter((s) => s.length > 0);
    if (segments.length % 2 !== 0) {
      throw invalid(
        `${what}: when querying a collection group by ${DOCUMENT_ID_FIELD}, the value must be a document path, but "${value}" has an odd number of segments.`,
      );
    }
    return new DocumentName(segments);
  }
  if (value.includes('/')) {
    throw invalid(`${what}: only a direct child of the collection can be used with ${DOCUMENT_ID_FIELD}; found "${value}".`);
  }
  return new DocumentName([...spec.parentSegments, value]);
}

/**
 * The admin SDK refuses where() and orderBy() once a cursor is set, before it
 * looks at the filter itself (Query.where/orderBy in
 * @google-cloud/firestore build/src/reference/query.js; upstream
 * https://github.com/googleapis/nodejs-firestore/blob/main/dev/src/reference/query.ts).
 */
function assertNoCursor(spec: QuerySpec, method: 'a where() filter' | 'an orderBy() constraint'): void {
  if (spec.start !== undefined || spec.end !== undefined) {
    throw invalid(`Cannot specify ${method} after calling startAt(), startAfter(), endBefore() or endAt().`);
  }
}

export function addFilter(spec: QuerySpec, fieldPath: string, op: WhereOp, value: unknown): QuerySpec {
  assertNoCursor(spec, 'a where() filter');
  if (!whereOps.has(op)) throw invalid(`Invalid query operator "${String(op)}".`);
  const field = fieldRef(fieldPath);
  const what = `where('${fieldPath}', '${op}')`;
  if (listOps.has(op) && (!Array.isArray(value) || value.length === 0)) {
    throw invalid(`Invalid query. A non-empty array is required for '${op}' filters.`);
  }
  if (field.isName) {
    if (op === 'array-contains' || op === 'array-contains-any') {
      throw invalid(`Invalid query. You can't perform '${op}' queries on ${DOCUMENT_ID_FIELD}.`);
    }
    const names = Array.isArray(value) ? value.map((v) => toDocumentName(spec, v, what)) : toDocumentName(spec, value, what);
    return { ...spec, filters: [...spec.filters, { field, op, value: names }] };
  }
  if (listOps.has(op)) {
    (value as unknown[]).forEach((element) => validateQueryValue(element, what));
  } else {
    validateQueryValue(value, what);
    if ((value === null || Number.isNaN(value)) && op !== '==' && op !== '!=') {
      throw invalid(`Invalid query. You can only perform '==' and '!=' comparisons on ${value === null ? 'null' : 'NaN'}.`);
    }
  }
  return { ...spec, filters: [...spec.filters, { field, op, value }] };
}

export function addOrder(spec: QuerySpec, fieldPath: string, direction: OrderDirection | undefined): QuerySpec {
  const dir = direction ?? 'asc';
  if (dir !== 'asc' && dir !== 'desc') throw invalid(`Invalid orderBy direction "${String(direction)}": use 'asc' or 'desc'.`);
  assertNoCursor(spec, 'an orderBy() constraint');
  return { ...spec, orders: [...spec.orders, { field: fieldRef(fieldPath), dir }] };
}

/** Firestore encodes limit and offset as 32-bit integers. */
const MAX_INT32 = 2 ** 31 - 1;

export function withLimit(spec: QuerySpec, n: number, last: boolean): QuerySpec {
  if (!Number.isInteger(n) || n < 0 || n > MAX_INT32) throw invalid(`${last ? 'limitToLast' : 'limit'}() needs a non-negative integer, got ${String(n)}.`);
  return { ...spec, limit: n, limitToLast: last };
}

export function withOffset(spec: QuerySpec, n: number): QuerySpec {
  if (!Number.isInteger(n) || n < 0 || n > MAX_INT32) throw invalid(`offset() needs a non-negative integer, got ${String(n)}.`);
  return { ...spec, offset: n };
}

function inequalityFields(spec: QuerySpec): FieldRef[] {
  const seen = new Map<string, FieldRef>();
  for (const filter of spec.filters) {
    if (isInequality(filter.op) && !filter.field.isName) seen.set(filter.field.path, filter.field);
  }
  return [...seen.values()].sort(compareFieldRefs);
}

/**
 * The order Firestore actually applies: explicit orderBys, then inequality
 * fields not already ordered (lexicographically), then the document name, the
 * implicit ones taking the direction of the last explicit orderBy.
 */
export function normalizedOrders(spec: QuerySpec): OrderSpec[] {
  const result = [...spec.orders];
  const ordered = new Set(result.map((o) => o.field.path));
  const lastDir: OrderDirection = result.length > 0 ? (result[result.length - 1] as OrderSpec).dir : 'asc';
  for (const field of inequalityFields(spec)) {
    if (!ordered.has(field.path)) {
      result.push({ field, dir: lastDir });
      ordered.add(field.path);
    }
  }
  if (!ordered.has(DOCUMENT_ID_FIELD)) result.push({ field: fieldRef(DOCUMENT_ID_FIELD), dir: lastDir });
  return result;
}

/**
 * The order the backend is asked for, which decides the index a query needs.
 * For limitToLast() the admin SDK sends the query with every orderBy flipped
 * (and the cursors swapped), then reverses the results itself (Query.toProto
 * in @google-cloud/firestore build/src/reference/query.js); the backend
 * normalizes that flipped query like any other. So limitToLast needs the index
 * of the reversed query. Results do not change: runQuery() takes the last
 * documents of the unflipped order.
 */
export function requestedOrders(spec: QuerySpec): OrderSpec[] {
  if (!spec.limitToLast) return normalizedOrders(spec);
  const flipped: OrderSpec[] = spec.orders.map((order) => ({ field: order.field, dir: order.dir === 'desc' ? 'asc' : 'desc' }));
  return normalizedOrders({ ...spec, orders: flipped });
}

function fieldValue(doc: StoredDocument, field: FieldRef): { found: boolean; value: unknown } {
  if (field.isName) return { found: true, value: new DocumentName(doc.segments) };
  return getAtPath(doc.data, field.segments);
}

export function withCursor(
  spec: QuerySpec,
  which: 'start' | 'end',
  inclusive: boolean,
  args: readonly unknown[],
  snapshot: LocalDocumentSnapshot | undefined,
): QuerySpec {
  const method = which === 'start' ? (inclusive ? 'startAt' : 'startAfter') : inclusive ? 'endAt' : 'endBefore';
  if (args.length === 0) throw invalid(`${method}() needs at least one value or a document snapshot.`);
  if (snapshot !== undefined) {
    // Like the admin SDK, a snapshot cursor pins the query's full normalized order, making it explicit.
    const stored = snapshot.stored;
    if (stored === undefined) throw invalid(`${method}(): can't use a DocumentSnapshot of a document that doesn't exist.`);
    const orders = normalizedOrders(spec);
    const values = orders.map((order) => {
      const { found, value } = fieldValue(stored, order.field);
      if (!found) {
        throw invalid(
          `${method}(): field "${order.field.path}" is missing in the provided DocumentSnapshot. Please provide a document that contains values for all specified orderBy() and where() constraints.`,
        );
      }
      return value;
    });
    const cursor: CursorSpec = { values, inclusive };
    return { ...spec, orders, [which]: cursor };
  }
  if (args.length > spec.orders.length) {
    throw invalid(`${method}(): too many cursor values specified. The specified values must match the orderBy() constraints of the query.`);
  }
  const values = args.map((value, index) => {
    const order = spec.orders[index] as OrderSpec;
    if (order.field.isName) return toDocumentName(spec, value, method);
    validateQueryValue(value, method);
    return value;
  });
  const cursor: CursorSpec = { values, inclusive };
  return { ...spec, [which]: cursor };
}

/** The checks Firestore's backend makes when a query runs. */
export function validateForExecution(spec: QuerySpec): void {
  if (spec.limitToLast && spec.orders.length === 0) {
    throw invalid('limitToLast() queries require specifying at least one orderBy() clause.');
  }
  let arrayContains = 0;
  let notIn = 0;
  let notEqual = 0;
  let disjunctive = 0;
  let disjunctions = 1;
  for (const filter of spec.filters) {
    const size = Array.isArray(filter.value) ? filter.value.length : 1;
    switch (filter.op) {
      case 'array-contains':
        arrayContains++;
        break;
      case 'array-contains-any':
        arrayContains++;
        disjunctive++;
        disjunctions *= size;
        if (size > MAX_DISJUNCTIONS)
          throw invalid(`Invalid query. 'array-contains-any' filters support a maximum of ${MAX_DISJUNCTIONS} elements in the value array.`);
        break;
      case 'in':
        disjunctive++;
        disjunctions *= size;
        if (size > MAX_DISJUNCTIONS) throw invalid(`Invalid query. 'in' filters support a maximum of ${MAX_DISJUNCTIONS} elements in the value array.`);
        break;
      case 'not-in':
        notIn++;
        if (size > MAX_NOT_IN_VALUES) throw invalid(`Invalid query. 'not-in' filters support a maximum of ${MAX_NOT_IN_VALUES} elements in the value array.`);
        break;
      case '!=':
        notEqual++;
        break;
      default:
        break;
    }
  }
  if (arrayContains > 1) throw invalid("Invalid query. You cannot use more than one 'array-contains' or 'array-contains-any' filter.");
  if (notIn > 1) throw invalid("Invalid query. You cannot use more than one 'not-in' filter.");
  if (notIn > 0 && notEqual > 0) throw invalid("Invalid query. You cannot use 'not-in' filters with '!=' filters.");
  if (notIn > 0 && disjunctive > 0) throw invalid("Invalid query. You cannot use 'not-in' filters with 'in' or 'array-contains-any' filters.");
  if (disjunctions > MAX_DISJUNCTIONS) {
    throw invalid(
      `Invalid query. The query's 'in' and 'array-contains-any' filters expand to ${disjunctions} disjunctions; Firestore allows at most ${MAX_DISJUNCTIONS}.`,
    );
  }
}

function matches(doc: StoredDocument, filter: FilterSpec): boolean {
  const { found, value } = fieldValue(doc, filter.field);
  if (!found) return false;
  const target = filter.value;
  switch (filter.op) {
    case '==':
      return valuesEqual(value, target);
    case '!=':
      // Firestore's != matches documents where the field exists with a value other than the operand or null.
      return value !== null && !valuesEqual(value, target);
    case '<':
      return typeOrder(value) === typeOrder(target) && compareValues(value, target) < 0;
    case '<=':
      return typeOrder(value) === typeOrder(target) && compareValues(value, target) <= 0;
    case '>':
      return typeOrder(value) === typeOrder(target) && compareValues(value, target) > 0;
    case '>=':
      return typeOrder(value) === typeOrder(target) && compareValues(value, target) >= 0;
    case 'array-contains':
      return Array.isArray(value) && value.some((element) => valuesEqual(element, target));
    case 'array-contains-any':
      return Array.isArray(value) && value.some((element) => (target as unknown[]).some((t) => valuesEqual(element, t)));
    case 'in':
      return (target as unknown[]).some((t) => valuesEqual(value, t));
    case 'not-in': {
      const list = target as unknown[];
      if (list.some((t) => t === null)) return false;
      return value !== null && !list.some((t) => valuesEqual(value, t));
    }
  }
}

function compareKeys(a: readonly unknown[], b: readonly unknown[], orders: readonly OrderSpec[], count: number): number {
  for (let i = 0; i < count; i++) {
    let c = compareValues(a[i], b[i]);
    if ((orders[i] as OrderSpec).dir === 'desc') c = -c;
    if (c !== 0) return c;
  }
  return 0;
}

/** Runs a validated query over the candidate documents of its collection (group). */
export function runQuery(spec: QuerySpec, candidates: readonly StoredDocument[]): StoredDocument[] {
  const orders = normalizedOrders(spec);
  const rows: { doc: StoredDocument; keys: unknown[] }[] = [];
  candidateLoop: for (const doc of candidates) {
    if (spec.allDescendants && spec.parentSegments.length > 0) {
      const prefix = spec.parentSegments;
      if (doc.segments.length <= prefix.length || prefix.some((segment, i) => doc.segments[i] !== segment)) continue;
    }
    for (const filter of spec.filters) if (!matches(doc, filter)) continue candidateLoop;
    const keys: unknown[] = [];
    for (const order of orders) {
      const { found, value } = fieldValue(doc, order.field);
      // orderBy on a field excludes documents that lack it.
      if (!found) continue candidateLoop;
      keys.push(value);
    }
    rows.push({ doc, keys });
  }
  rows.sort((a, b) => compareKeys(a.keys, b.keys, orders, orders.length));
  const { start, end } = spec;
  const bounded = rows.filter((row) => {
    if (start !== undefined) {
      const c = compareKeys(row.keys, start.values, orders, start.values.length);
      if (start.inclusive ? c < 0 : c <= 0) return false;
    }
    if (end !== undefined) {
      const c = compareKeys(row.keys, end.values, orders, end.values.length);
      if (end.inclusive ? c > 0 : c >= 0) return false;
    }
    return true;
  });
  const offset = spec.offset ?? 0;
  let result: typeof bounded;
  if (spec.limitToLast) {
    const reversed = bounded.reverse().slice(offset, offset + (spec.limit ?? bounded.length));
    result = reversed.reverse();
  } else {
    result = bounded.slice(offset, spec.limit === undefined ? undefined : offset + spec.limit);
  }
  return result.map((row) => row.doc);
}
