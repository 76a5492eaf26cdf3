import type { Customer } from '@studio/shared/types/customers';
import type { CustomerDoc } from '../../data/repos/customers-repo';

interface DtoExtra {
  acceptedPages: number[];
  isAdmin: boolean;
  now: Date;
  /** Keys of unanswered required custom fields; only answers about one customer carry them (ADR 0086). */
  pendingFields?: string[];
}

/** What the API shows of a customer. search_terms and other internals stay inside. */
export function toCustomerDto(doc: CustomerDoc, extra: DtoExtra): Customer {
  // The stored flag is recomputed only when credits change; an expired membership must not show as current.
  const expiration = doc.unlimited_membership_expiration;
  const hasUnlimited = doc.has_unlimited && (expiration === null || expiration.getTime() > extra.now.getTime());
  return {
    customer_id: doc.customer_id,
    uid: doc.uid,
    name: doc.name,
    last_name: doc.last_name,
    email: doc.email,
    phone: doc.phone,
    instagram: doc.instagram,
    birthdate: doc.birthdate,
    signup_reason: doc.signup_reason,
    signup_reason_other: doc.signup_reason_other,
    file: doc.file,
    has_unlimited: hasUnlimited,
    unlimited_membership_expiration: doc.unlimited_membership_expiration?.toISOString() ?? null,
    accepted_pages: extra.acceptedPages,
    is_admin: extra.isAdmin,
    custom_values: doc.custom_values ?? {},
    // Saved once (even with every optional question skipped): the intake is not asked again (ADR 0118).
    intake_asked: doc.custom_values !== undefined,
    ...(extra.pendingFields ? { pending_fields: extra.pendingFields } : {}),
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
