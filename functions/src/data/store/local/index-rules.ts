import { readFileSync, statSync } from 'node:fs';
import { StoreError } from '../types';
import type { QuerySpec } from './query-engine';
import { requestedOrders } from './query-engine';

/**
 * Which queries Firestore can serve from its automatic single-field indexes
 * and which need an entry in firestore.indexes.json. The rules (also in
 * docs/data-layer/README.md):
 *
 * - Equality-style filters (==, in, array-contains, array-contains-any) with no
 *   ordering are served by merging single-field indexes: no composite index.
 * - One ordered field (an orderBy or an inequality: < <= > >= != not-in) with
 *   no equality filter on another field: single-field index, no composite.
 * - Anything else needs a composite index whose fields are the equality
 *   fields (any order among themselves; CONTAINS for array-contains*) followed
 *   by the ordered fields in the query's normalized order and directions.
 *   An orderBy on a field that has an == filter is ignored (it orders nothing).
 * - Collection scope gets single-field indexes automatically unless a
 *   fieldOverride replaces them. Collection-group queries get none: every
 *   filtered or ordered field needs a fieldOverride with queryScope
 *   COLLECTION_GROUP, or the query needs a COLLECTION_GROUP composite index.
 * - `__name__` is always indexed and never part of a requirement.
 * - One rule for directions: an index serves only the directions it lists.
 *   Firestore does not scan a composite index backwards: "To run the same
 *   queries but with a descending sort order, you need an additional index in
 *   the descending direction"
 *   (https://firebase.google.com/docs/firestore/query-data/index-overview,
 *   "Queries supported by manual indexes"). A limitToLast() query is sent with
 *   its orderBys flipped (see requestedOrders), so it needs the index of the
 *   reversed query: orderBy(a).orderBy(b).limitToLast(n) needs (a DESC, b DESC),
 *   exactly like orderBy(a, 'desc').orderBy(b, 'desc').
 *
 * The local engine is deliberately no more lenient than production: it asks for
 * the exact index Firestore's error link would create (same field order and
 * directions), rather than guessing whether production could merge indexes.
 */

export type IndexOrder = 'ASCENDING' | 'DESCENDING';
export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';

export interface IndexFieldConfig {
  fieldPath: string;
  order?: IndexOrder;
  arrayConfig?: 'CONTAINS';
}

export interface CompositeIndexConfig {
  collectionGroup: string;
  queryScope?: QueryScope;
  fields: IndexFieldConfig[];
}

export interface FieldOverrideIndexConfig {
  order?: IndexOrder;
  arrayConfig?: 'CONTAINS';
  queryScope?: QueryScope;
}

export interface FieldOverrideConfig {
  collectionGroup: string;
  fieldPath: string;
  ttl?: boolean;
  indexes: FieldOverrideIndexConfig[];
}

/** The shape of firestore.indexes.json (extra keys such as `density` are ignored). */
export interface FirestoreIndexConfig {
  indexes?: CompositeIndexConfig[];
  fieldOverrides?: FieldOverrideConfig[];
}

type Mode = IndexOrder | 'CONTAINS' | 'ANY_ORDER';

interface NeededField {
  readonly fieldPath: string;
  readonly mode: Mode;
}

interface Requirement {
  readonly scope: QueryScope;
  readonly collectionGroup: string;
  /** Equality fields (any order among themselves) then ordered fields. */
  readonly equality: readonly NeededField[];
  readonly ordered: readonly NeededField[];
  readonly composite: boolean;
}

function indexRequirement(spec: QuerySpec): Requirement {
  const equality = new Map<string, NeededField>();
  const equalsFields = new Set<string>();
  for (const filter of spec.filters) {
    if (filter.field.isName) continue;
    const path = filter.field.path;
    if (filter.op === '==' || filter.op === 'in') {
      if (filter.op === '==') equalsFields.add(path);
      equality.set(`${path}\u0000order`, { fieldPath: path, mode: 'ANY_ORDER' });
    } else if (filter.op === 'array-contains' || filter.op === 'array-contains-any') {
      equality.set(`${path}\u0000contains`, { fieldPath: path, mode: 'CONTAINS' });
    }
  }
  const ordered: NeededField[] = requestedOrders(spec)
    .filter((order) => !order.field.isName && !equalsFields.has(order.field.path))
    .map((order) => ({ fieldPath: order.field.path, mode: order.dir === 'desc' ? 'DESCENDING' : 'ASCENDING' }));
  const orderedPaths = new Set(ordered.map((f) => f.fieldPath));
  const eqOnly = [...equality.values()]
    .filter((f) => !(f.mode === 'ANY_ORDER' && orderedPaths.has(f.fieldPath)))
    .sort((a, b) => (a.fieldPath < b.fieldPath ? -1 : a.fieldPath > b.fieldPath ? 1 : 0));
  return {
    scope: spec.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
    collectionGroup: spec.collectionId,
    equality: eqOnly,
    ordered,
    composite: ordered.length >= 2 || (ordered.length === 1 && eqOnly.length >= 1),
  };
}

function overrideServes(index: FieldOverrideIndexConfig, scope: QueryScope, mode: Mode): boolean {
  if ((index.queryScope ?? 'COLLECTION') !== scope) return false;
  if (mode === 'CONTAINS') return index.arrayConfig === 'CONTAINS';
  if (mode === 'ANY_ORDER') return index.order !== undefined;
  return index.order === mode;
}

function fieldServes(field: IndexFieldConfig, needed: NeededField): boolean {
  if (field.fieldPath !== needed.fieldPath) return false;
  if (needed.mode === 'CONTAINS') return field.arrayConfig === 'CONTAINS';
  if (needed.mode === 'ANY_ORDER') return field.order !== undefined;
  return field.order === needed.mode;
}

function compositeServes(index: CompositeIndexConfig, req: Requirement): boolean {
  if (index.collectionGroup !== req.collectionGroup || (index.queryScope ?? 'COLLECTION') !== req.scope) return false;
  const fields = [...index.fields];
  if (fields.length > 0 && fields[fields.length - 1]?.fieldPath === '__name__') fields.pop();
  if (fields.length !== req.equality.length + req.ordered.length) return false;
  const eqPart = fields.slice(0, req.equality.length);
  const unmatched = [...req.equality];
  for (const field of eqPart) {
    const at = unmatched.findIndex((needed) => fieldServes(field, needed));
    if (at < 0) return false;
    unmatched.splice(at, 1);
  }
  return req.ordered.every((needed, i) => fieldServes(fields[req.equality.length + i] as IndexFieldConfig, needed));
}

function toIndexField(needed: NeededField): IndexFieldConfig {
  if (needed.mode === 'CONTAINS') return { fieldPath: needed.fieldPath, arrayConfig: 'CONTAINS' };
  return { fieldPath: needed.fieldPath, order: needed.mode === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING' };
}

function toOverrideIndex(needed: NeededField, scope: QueryScope): FieldOverrideIndexConfig {
  const field = toIndexField(needed);
  return field.arrayConfig ? { arrayConfig: 'CONTAINS', queryScope: scope } : { order: field.order, queryScope: scope };
}

function missingIndexError(message: string): StoreError {
  return new StoreError('failed-precondition', message);
}

/** Undefined when the query can run in production with these indexes; otherwise the error Firestore would give, with the fix. */
export function checkIndexes(spec: QuerySpec, config: FirestoreIndexConfig): StoreError | undefined {
  const req = indexRequirement(spec);
  const composites = config.indexes ?? [];
  const overrides = config.fieldOverrides ?? [];
  const describe = `collection${req.scope === 'COLLECTION_GROUP' ? ' group' : ''} "${req.collectionGroup}"`;

  if (req.composite) {
    if (composites.some((index) => compositeServes(index, req))) return undefined;
    const suggestion: CompositeIndexConfig = {
      collectionGroup: req.collectionGroup,
      queryScope: req.scope,
      fields: [...req.equality, ...req.ordered].map(toIndexField),
    };
    return missingIndexError(
      `The query requires an index (FAILED_PRECONDITION in production): it combines ${[...req.equality, ...req.ordered].map((f) => f.fieldPath).join(', ')} on ${describe}. ` +
        `Add this entry to "indexes" in firestore.indexes.json and deploy it:\n${JSON.stringify(suggestion)}`,
    );
  }

  const needed = [...req.equality, ...req.ordered];
  for (const field of needed) {
    const override = overrides.find((o) => o.collectionGroup === req.collectionGroup && o.fieldPath === field.fieldPath);
    if (override === undefined && req.scope === 'COLLECTION') continue;
    if (override?.indexes.some((index) => overrideServes(index, req.scope, field.mode))) continue;
    // A COLLECTION_GROUP composite with exactly the equality fields also serves an equality-only group query.
    if (req.ordered.length === 0 && composites.some((index) => compositeServes(index, req))) return undefined;
    const base: FieldOverrideIndexConfig[] = override
      ? override.indexes
      : [
          { order: 'ASCENDING', queryScope: 'COLLECTION' },
          { order: 'DESCENDING', queryScope: 'COLLECTION' },
          { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
        ];
    const suggestion: FieldOverrideConfig = {
      collectionGroup: req.collectionGroup,
      fieldPath: field.fieldPath,
      indexes: [...base, toOverrideIndex(field, req.scope)],
    };
    const why =
      override === undefined
        ? `collection-group queries need a COLLECTION_GROUP single-field index on "${field.fieldPath}"`
        : `the fieldOverride for "${field.fieldPath}" on "${req.collectionGroup}" removes the index this query needs`;
    return missingIndexError(
      `The query requires an index (FAILED_PRECONDITION in production): ${why}. ` +
        `Put this entry in "fieldOverrides" in firestore.indexes.json (a fieldOverride replaces the automatic indexes of that field, so it keeps them listed) and deploy it:\n${JSON.stringify(suggestion)}`,
    );
  }
  return undefined;
}

function parseConfig(raw: unknown, origin: string): FirestoreIndexConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new StoreError('invalid-argument', `${origin}: expected an object with "indexes" and "fieldOverrides".`);
  }
  const config = raw as FirestoreIndexConfig;
  if (config.indexes !== undefined && !Array.isArray(config.indexes)) throw new StoreError('invalid-argument', `${origin}: "indexes" must be an array.`);
  if (config.fieldOverrides !== undefined && !Array.isArray(config.fieldOverrides)) {
    throw new StoreError('invalid-argument', `${origin}: "fieldOverrides" must be an array.`);
  }
  return { indexes: config.indexes ?? [], fieldOverrides: config.fieldOverrides ?? [] };
}

/**
 * Holds the index definitions. When they come from a file, a failing check
 * re-reads the file if it changed, so adding the suggested entry takes effect
 * without restarting the emulator.
 */
export class IndexSource {
  private config: FirestoreIndexConfig;
  private readonly file: string | undefined;
  private mtimeMs = 0;

  constructor(source: string | FirestoreIndexConfig | undefined) {
    if (typeof source === 'string') {
      this.file = source;
      this.config = this.readFile();
    } else {
      this.file = undefined;
      this.config = parseConfig(source ?? {}, 'indexes option');
    }
  }

  private readFile(): FirestoreIndexConfig {
    const file = this.file as string;
    let text: string;
    try {
      this.mtimeMs = statSync(file).mtimeMs;
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new StoreError('invalid-argument', `Cannot read the index definitions at ${file}: ${(error as Error).message}`, { cause: error });
    }
    try {
      return parseConfig(JSON.parse(text), file);
    } catch (error) {
      if (error instanceof StoreError) throw error;
      throw new StoreError('invalid-argument', `${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
  }

  private fileChanged(): boolean {
    try {
      return statSync(this.file as string).mtimeMs !== this.mtimeMs;
    } catch {
      return false;
    }
  }

  check(spec: QuerySpec): void {
    let error = checkIndexes(spec, this.config);
    if (error !== undefined && this.file !== undefined) {
      if (this.fileChanged()) {
        this.config = this.readFile();
        error = checkIndexes(spec, this.config);
      }
    }
    if (error !== undefined) throw error;
  }
}
