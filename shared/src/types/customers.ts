import type { DynamicValues } from '../schemas/dynamic-form';
import type { Wire } from './wire';

export interface FileRef {
  file_id?: number;
  name: string;
  type: string;
  src: string;
}

/** customers/{uid}: the fields the API shows as stored (the server also keeps search terms). */
export interface CustomerFields {
  customer_id: number;
  uid: string;
  name: string;
  last_name: string;
  email: string;
  phone: string;
  instagram: string | null;
  /** YYYY-MM-DD */
  birthdate: string | null;
  signup_reason: string | null;
  signup_reason_other: string | null;
  file: FileRef | null;
  /** As stored; the API answers false once the expiration has passed. */
  has_unlimited: boolean;
  unlimited_membership_expiration: Date | null;
  /**
   * Answers to the studio's customer custom fields, by field key (ADR 0086).
   * Absent on records that never saved any; the API always answers it (`{}`
   * when empty).
   */
  custom_values?: DynamicValues;
  createdAt: Date;
  updatedAt: Date;
}

export type Customer = Wire<CustomerFields> & {
  accepted_pages: number[];
  /** From the identity provider's custom claim; never stored on the document. */
  is_admin: boolean;
  /**
   * Keys of required customer custom fields with no valid answer (ADR 0086);
   * non-empty opens the complete-information modal. Answered for one
   * customer (GET/PUT /customer, sign-up, the admin's read); lists leave it out.
   */
  pending_fields?: string[];
  /**
   * The customer has saved their custom-field answers at least once (even all
   * optional ones skipped): the booking flow's 'Completa tu perfil' step is
   * not shown again unless required fields are pending (ADR 0118).
   */
  intake_asked?: boolean;
};
