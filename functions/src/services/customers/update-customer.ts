import { messages } from '@studio/shared/messages';
import type { CustomerUpdateInput } from '@studio/shared/schemas/customer';
import type { Customer } from '@studio/shared/types/customers';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import {
  type CustomerDoc,
  getCustomerById,
  getCustomerByUid,
  getPhoneOwner,
  listAcceptedPages,
  updateCustomer as writeCustomer,
} from '../../data/repos/customers-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { consumeRateLimit, rateRules } from '../rate-limits';
import { toCustomerDto } from './customer-dto';
import { buildSearchTerms } from './search-terms';

const text = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/**
 * Updates the caller's profile, or — for admins sending customer_id — anyone's.
 * A phone change moves the uniqueness guard in the same transaction.
 */
export async function updateCustomer(deps: Deps, identity: VerifiedIdentity, input: CustomerUpdateInput): Promise<Customer> {
  if (!identity.admin) {
    const current = await getCustomerByUid(deps.store, identity.uid);
    if (current && current.phone !== input.phone) await consumeRateLimit(deps, rateRules.phoneChangePerUser, identity.uid);
  }
  const updated = await deps.store.runTransaction(async (tx) => {
    const before =
      input.customer_id !== undefined && identity.admin
        ? await getCustomerById(deps.store, input.customer_id, tx)
        : await getCustomerByUid(deps.store, identity.uid, tx);
    if (!before) throw new AppError('not-found', 'customer/not-found', messages.customer.notFound);
    if (input.customer_id !== undefined && input.customer_id !== before.customer_id) {
      throw new AppError('forbidden', 'auth/forbidden', messages.auth.forbidden);
    }
    if (input.phone !== before.phone) {
      const owner = await getPhoneOwner(deps.store, input.phone, tx);
      if (owner && owner !== before.uid) {
        throw new AppError('conflict', 'customer/phone-taken', messages.customer.phoneTaken, { phone: messages.customer.phoneTaken });
      }
    }
    const name = input.name.trim();
    const lastName = input.last_name.trim();
    const after: CustomerDoc = {
      ...before,
      name,
      last_name: lastName,
      phone: input.phone,
      ...(input.instagram !== undefined ? { instagram: text(input.instagram) } : {}),
      ...(input.birthdate !== undefined ? { birthdate: input.birthdate ?? null } : {}),
      ...(input.signup_reason !== undefined ? { signup_reason: input.signup_reason ?? null } : {}),
      ...(input.signup_reason_other !== undefined ? { signup_reason_other: text(input.signup_reason_other) } : {}),
      search_terms: buildSearchTerms({ name, last_name: lastName, email: before.email, phone: input.phone }),
      updatedAt: deps.now(),
    };
    writeCustomer(deps.store, tx, before, after);
    return after;
  });
  const accepted = await listAcceptedPages(deps.store, updated.uid);
  const isAdmin = updated.uid === identity.uid ? identity.admin : false;
  return toCustomerDto(updated, { acceptedPages: accepted.map((a) => a.page_id).sort((a, b) => a - b), isAdmin, now: deps.now() });
}
