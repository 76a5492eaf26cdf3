/**
 * Shapes that cross the wire. Rule (docs/api/README.md): a single resource is
 * wrapped under its singular name ({ customer }), a list under its plural
 * ({ pages }), paged lists add `total`; errors are { error: { code, message, fields? } }.
 * /api/appconfig is the one bare list, as the spec defines it.
 */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** Field name → Spanish message, for validation errors. */
    fields?: Record<string, string>;
  };
}

export interface FileRef {
  file_id?: number;
  name: string;
  type: string;
  src: string;
}

export interface Customer {
  customer_id: number;
  uid: string;
  name: string;
  last_name: string;
  email: string;
  phone: string;
  instagram: string | null;
  birthdate: string | null;
  signup_reason: string | null;
  signup_reason_other: string | null;
  file: FileRef | null;
  has_unlimited: boolean;
  unlimited_membership_expiration: string | null;
  accepted_pages: number[];
  /** From the identity provider's custom claim; never stored on the document. */
  is_admin: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface Page {
  page_id: number;
  title: string;
  slug: string;
  content: string | null;
  required: boolean;
  required_signup: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AcceptedPage {
  page_id: number;
  customer_id: number;
  accepted_at: string;
}
