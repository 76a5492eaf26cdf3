import type { CustomerDoc } from '../../data/repos/customers-repo';
import { buildSearchTerms } from './search-terms';

const text = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/** What a new customer is made of, from the sign-up form or the desk's: the profile fields both share. */
export interface NewCustomerFields {
  name: string;
  last_name: string;
  phone: string;
  instagram?: string | null;
  birthdate?: string | null;
  signup_reason?: string | null;
  signup_reason_other?: string | null;
}

/**
 * A customer's first record, the same whether they signed up or the front
 * desk created them: names and optional texts trimmed (blank is null), no
 * photo, no unlimited membership, the search terms of the stored values.
 */
export function newCustomerDoc(ids: { customerId: number; uid: string; email: string }, input: NewCustomerFields, now: Date): CustomerDoc {
  const name = input.name.trim();
  const lastName = input.last_name.trim();
  return {
    customer_id: ids.customerId,
    uid: ids.uid,
    name,
    last_name: lastName,
    email: ids.email,
    phone: input.phone,
    instagram: text(input.instagram),
    birthdate: input.birthdate ?? null,
    signup_reason: input.signup_reason ?? null,
    signup_reason_other: text(input.signup_reason_other),
    file: null,
    has_unlimited: false,
    unlimited_membership_expiration: null,
    search_terms: buildSearchTerms({ name, last_name: lastName, email: ids.email, phone: input.phone }),
    createdAt: now,
    updatedAt: now,
  };
}
