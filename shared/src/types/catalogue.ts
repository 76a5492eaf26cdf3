/**
 * Catalogue records (ADR 0004, `{collection}/{id}`) and what their endpoints
 * answer (docs/catalogue/README.md), wrapped per docs/api/README.md:
 * { location } / { locations }, and so on. Each `...Fields` is the record as
 * the API shows it, with `Date`s; the wire type is `Wire<...Fields>` (instants
 * as ISO strings). The server stores the same fields plus `deletedAt`
 * (ADR 0010: archived records are invisible to the API) and, for addresses, the owner's uid.
 */
import type { FieldValue, FormFieldType, OptionValue } from '../schemas/catalogue/common';
import type { CustomFieldObject } from '../schemas/catalogue/custom-fields';
import type { Wire } from './wire';

export interface CatalogueFile {
  name: string;
  type: string;
  src: string;
}

/** When a record was created and last changed. */
export interface Stamps {
  createdAt: Date;
  updatedAt: Date;
}

export interface LocationFields extends Stamps {
  location_id: number;
  name: string;
  address: string | null;
}

export interface ClassTypeFields extends Stamps {
  class_type_id: number;
  name: string;
  description: string | null;
  icon: string | null;
  /** Spots per row, "4,5,5,4"; null when the class has no assigned spots. */
  spot_map: string | null;
  file: CatalogueFile | null;
}

export interface ClassCategoryFields extends Stamps {
  class_category_id: number;
  name: string;
  handle: string;
  description: string | null;
  available: boolean;
}

export interface InstructorFields extends Stamps {
  instructor_id: number;
  name: string;
  last_name: string | null;
  nick_name: string | null;
  quote: string | null;
  short_bio: string | null;
  instagram: string | null;
  /** YYYY-MM-DD */
  birthdate: string | null;
  music_type: string | null;
  file: CatalogueFile | null;
  home: boolean;
  home_order: number | null;
}

export interface TagFields extends Stamps {
  tag_id: number;
  name: string;
  color: string;
}

export interface AnnouncementFields extends Stamps {
  announcement_id: number;
  title: string;
  content: string;
}

export interface PaymentMethodFields extends Stamps {
  payment_method_id: number;
  name: string;
}

export interface ProgramFields extends Stamps {
  program_id: number;
  name: string;
  description: string | null;
  file: CatalogueFile | null;
}

export interface VideoTypeFields extends Stamps {
  video_type_id: number;
  name: string;
  description: string | null;
}

export interface FieldOption {
  label: string;
  value: OptionValue;
}

/** One field of a dynamic form (stored with its position in the form; sent in that order). */
export interface FormFieldFields {
  key: string;
  name: string;
  label: string;
  type: FormFieldType;
  required: boolean;
  step: number | null;
  order: number | null;
  options: FieldOption[];
  className: string | null;
  value: FieldValue;
}

/** Stored as a map of fields by key, sent as the ordered list of `FormField`s. */
export interface FormFields extends Stamps {
  form_id: number;
  name: string;
  description: string | null;
}

export interface CustomFieldFields extends Stamps {
  custom_field_id: number;
  key: string;
  label: string;
  type: FormFieldType;
  object: CustomFieldObject;
  required: boolean;
  options: FieldOption[];
}

/** addresses/{address_id}: personal data, deleted for real (not archived); the server also keeps the owner's uid. */
export interface AddressFields extends Stamps {
  address_id: number;
  customer_id: number;
  street: string | null;
  number: string | null;
  interior_number: string | null;
  neighborhood: string | null;
  city: string;
  state: string;
  country: string;
  zip_code: string | null;
}

export type Location = Wire<LocationFields>;
export type ClassType = Wire<ClassTypeFields>;
export type ClassCategory = Wire<ClassCategoryFields>;
export type Instructor = Wire<InstructorFields>;
export type Tag = Wire<TagFields>;
export type Announcement = Wire<AnnouncementFields>;
export type PaymentMethod = Wire<PaymentMethodFields>;
export type Program = Wire<ProgramFields>;
export type VideoType = Wire<VideoTypeFields>;
export type CustomField = Wire<CustomFieldFields>;
export type Address = Wire<AddressFields>;

export interface FormField extends FormFieldFields {
  /** Address fields only: the nested form (6) and its fields. */
  form_id?: number;
  form_fields?: FormField[];
}

export type Form = Wire<FormFields> & { form_fields: FormField[] };
