import type { DocumentData, DocumentSnapshot, QueryDocumentSnapshot, QuerySnapshot } from '../types';
import { StoreError } from '../types';
import { getAtPath, parseFieldPath } from './field-path';
import { cloneValue } from './value-codec';

/** A stored document as read from SQLite, data already decoded. */
export interface StoredDocument {
  readonly path: string;
  readonly segments: readonly string[];
  readonly data: DocumentData;
  readonly createTime: number;
  readonly updateTime: number;
  /**
   * Local engine only: the outbox sequence number of the change that produced
   * this state. Unique per change, so a transaction can tell whether a
   * document it read changed before its commit (update times can repeat
   * within a millisecond). Absent on event snapshots.
   */
  readonly version?: number;
}

export class LocalDocumentSnapshot<T extends object = DocumentData> implements DocumentSnapshot<T> {
  readonly path: string;
  readonly id: string;
  /** Internal: the decoded data, never handed out without a copy. */
  readonly stored: StoredDocument | undefined;
  /** Internal: which store produced it, so cursors from another store are refused. */
  readonly origin: object;

  constructor(origin: object, path: string, segments: readonly string[], stored: StoredDocument | undefined) {
    this.origin = origin;
    this.path = path;
    this.id = segments[segments.length - 1] as string;
    this.stored = stored;
  }

  get exists(): boolean {
    return this.stored !== undefined;
  }

  get segments(): readonly string[] {
    return this.path.split('/');
  }

  data(): T | undefined {
    return this.stored === undefined ? undefined : (cloneValue(this.stored.data) as T);
  }

  get(fieldPath: string): unknown {
    if (this.stored === undefined) return undefined;
    const { found, value } = getAtPath(this.stored.data, parseFieldPath(fieldPath));
    return found ? cloneValue(value) : undefined;
  }

  get createTime(): Date | undefined {
    return this.stored === undefined ? undefined : new Date(this.stored.createTime);
  }

  get updateTime(): Date | undefined {
    return this.stored === undefined ? undefined : new Date(this.stored.updateTime);
  }
}

/**
 * A query's document, built only from a stored document, so `data()` always
 * has data. A subclass, so a cursor built from it is still a
 * LocalDocumentSnapshot.
 */
export class LocalQueryDocumentSnapshot<T extends object = DocumentData> extends LocalDocumentSnapshot<T> implements QueryDocumentSnapshot<T> {
  constructor(origin: object, stored: StoredDocument) {
    super(origin, stored.path, stored.segments, stored);
  }

  override data(): T {
    const data = super.data();
    // Unreachable: the constructor requires a stored document.
    if (data === undefined) throw new StoreError('internal', `A query result document has no data: ${this.path}.`);
    return data;
  }
}

export function makeQuerySnapshot<T extends object>(docs: LocalQueryDocumentSnapshot<T>[]): QuerySnapshot<T> {
  return { docs, size: docs.length, empty: docs.length === 0 };
}
