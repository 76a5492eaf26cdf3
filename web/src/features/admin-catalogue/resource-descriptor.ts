import type { fieldLabels } from '@studio/shared/messages/fields';
import type { Schema } from 'yup';
import type { CatalogueKey } from './catalogue-paths';

/** A record as the API answers it; the generic screens read it by field name. */
export type CatalogueRecord = Readonly<Record<string, unknown>>;

export type FieldName = keyof typeof fieldLabels;

/**
 * How a field is edited; each kind maps to one input and one form value type.
 * 'spot-map' edits the row-sizes text ("4,5,5,4") as a room; 'image' uploads
 * through /api/files and holds the {name, type, src} the record embeds;
 * 'instant' is a date and a time typed in the studio's zone, sent as an ISO instant.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'color' | 'date' | 'checkbox' | 'spot-map' | 'image' | 'instant';

/** Fields that point at records of another catalogue resource: one id ('reference', a select) or several ('references', checkboxes). */
export type ReferenceKind = 'reference' | 'references';

interface FieldBase {
  name: FieldName;
  label: string;
  /** Shown under the input, tied to it with aria-describedby. */
  hint?: string;
}

export interface ValueField extends FieldBase {
  kind: FieldKind;
  /** A checkbox's value on a new record, when it is not false (the server's own default). */
  initial?: boolean;
}

export interface ReferenceField extends FieldBase {
  kind: ReferenceKind;
  /** The resource whose records are offered, by their name; its list must be a whole one (no `paging`). */
  of: CatalogueKey;
  /** The record's key holding the ids, when the API answers them under another name (videos: `tag_ids`; their `tags` are objects). */
  source?: FieldName;
}

export type ResourceField = ValueField | ReferenceField;

/** Everything the generic list and form screens need to know about one catalogue resource. */
export interface ResourceDescriptor {
  key: CatalogueKey;
  /** Console path of the list, e.g. '/admin/sedes'; the form is at `${path}/nuevo` and `${path}/:id`. */
  path: string;
  title: string;
  singular: string;
  /** Text of the link to the create form, e.g. 'Nueva sede' (Spanish gender needs its own text). */
  createLabel: string;
  /** API resource path, e.g. '/locations'. */
  api: string;
  /** Wrapper keys of the answers: { location } and { locations }. */
  one: string;
  many: string;
  /** The id field, e.g. 'location_id'; PUT carries it in the body. */
  id: string;
  /** How a record is named in the list, the row's actions and the edit heading. */
  label: (record: CatalogueRecord) => string;
  /** A short mark after the name in the list (videos: 'Borrador'), or null. */
  status?: (record: CatalogueRecord, now: Date) => string | null;
  /** What the list shows after the record's name. */
  columns: readonly FieldName[];
  /**
   * Absent: GET answers the whole list and the screen searches and pages it.
   * 'server': GET answers one page (`?page=N&query=…` → `{ [many], total, page_size }`,
   * the spec's paged lists), so the screen asks for the page and the search it shows.
   */
  paging?: 'server';
  /** What the form edits, in order. */
  fields: readonly ResourceField[];
  /** Fixed values a create sends (class categories mark a new record with class_category_id 'nueva'). */
  createExtras?: Readonly<Record<string, unknown>>;
  createSchema: Schema;
  updateSchema: Schema;
}
