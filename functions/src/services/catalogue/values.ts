import type { CatalogueFile } from '@studio/shared/types/catalogue';
import type { CatalogueRecord } from '../../data/repos/catalogue-repo';

/**
 * Update semantics shared by the catalogue (PUT carries the entity): an omitted
 * optional field keeps its stored value, null clears it. Text is stored
 * trimmed, and blank text as null so "has a description" is one test.
 */
export function optionalText(next: string | null | undefined, previous: string | null | undefined): string | null {
  if (next === undefined) return previous ?? null;
  const trimmed = next?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Same rule for non-text values, with the value a new record starts with. */
export function kept<T>(next: T | undefined, previous: T | undefined, initial: T): T {
  if (next !== undefined) return next;
  return previous === undefined ? initial : previous;
}

export function fileOf(next: CatalogueFile | null | undefined, previous: CatalogueFile | null | undefined): CatalogueFile | null {
  const file = kept(next, previous, null);
  return file ? { name: file.name.trim(), type: file.type.trim(), src: file.src.trim() } : null;
}

/** The timestamps every catalogue DTO carries. */
export function stamps(doc: CatalogueRecord): { createdAt: string; updatedAt: string } {
  return { createdAt: doc.createdAt.toISOString(), updatedAt: doc.updatedAt.toISOString() };
}
