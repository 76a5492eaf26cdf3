import type { fieldLabels } from '@studio/shared/messages/fields';
import type { Schema } from 'yup';
import type { CatalogueKey } from './catalogue-paths';

/** A record as the API answers it; the generic screens read it by field name. */
export type CatalogueRecord = Readonly<Record<string, unknown>>;

export type FieldName = keyof typeof fieldLabels;

/**
 * How a field is edited; each kind maps to one input and one form value type.
 * 'spot-map' edits the row-sizes text ("4,5,5,4") as a room; 'image' uploads
 * through /api/files and holds the {name, type, src} the record embeds.
 */
export type FieldKind = 'text' | 'textarea' | 'number' | 'color' | 'date' | 'checkbox' | 'spot-map' | 'image';

export interface ResourceField {
  name: FieldName;
  label: string;
  kind: FieldKind;
  /** Shown under the input, tied to it with aria-describedby. */
  hint?: string;
  /** A checkbox's value on a new record, when it is not false (the server's own default). */
  initial?: boolean;
}

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
  /** What the list shows after the record's name. */
  columns: readonly FieldName[];
  /** What the form edits, in order. */
  fields: readonly ResourceField[];
  /** Fixed values a create sends (class categories mark a new record with class_category_id 'nueva'). */
  createExtras?: Readonly<Record<string, unknown>>;
  createSchema: Schema;
  updateSchema: Schema;
}
