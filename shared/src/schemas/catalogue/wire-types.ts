/**
 * What the catalogue endpoints answer (docs/catalogue/README.md). Wrapped per
 * docs/api/README.md: { location } / { locations }, and so on. Instants are ISO strings.
 */
import type { FieldValue, FormFieldType, OptionValue } from './common';
import type { CustomFieldObject } from './custom-fields';

export interface CatalogueFile {
  name: string;
  type: string;
  src: string;
}

interface Stamped {
  createdAt: string;
  updatedAt: string;
}

export interface Location extends Stamped {
  location_id: number;
  name: string;
  address: string | null;
}

export interface ClassType extends Stamped {
  class_type_id: number;
  name: string;
  description: string | null;
  icon: string | null;
  /** Spots per row, "4,5,5,4"; null when the class has no assigned spots. */
  spot_map: string | null;
  file: CatalogueFile | null;
}

export interface ClassCategory extends Stamped {
  class_category_id: number;
  name: string;
  handle: string;
  description: string | null;
  available: boolean;
}

export interface Instructor extends Stamped {
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

export interface Tag extends Stamped {
  tag_id: number;
  name: string;
  color: string;
}

export interface Announcement extends Stamped {
  announcement_id: number;
  title: string;
  content: string;
}

export interface PaymentMethod extends Stamped {
  payment_method_id: number;
  name: string;
}

export interface Program extends Stamped {
  program_id: number;
  name: string;
  description: string | null;
  file: CatalogueFile | null;
}

export interface VideoType extends Stamped {
  video_type_id: number;
  name: string;
  description: string | null;
}

export interface FieldOption {
  label: string;
  value: OptionValue;
}

export interface FormField {
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
  /** Address fields only: the nested form (6) and its fields. */
  form_id?: number;
  form_fields?: FormField[];
}

export interface Form extends Stamped {
  form_id: number;
  name: string;
  description: string | null;
  form_fields: FormField[];
}

export interface CustomField extends Stamped {
  custom_field_id: number;
  key: string;
  label: string;
  type: FormFieldType;
  object: CustomFieldObject;
  required: boolean;
  options: FieldOption[];
}

export interface Address extends Stamped {
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
