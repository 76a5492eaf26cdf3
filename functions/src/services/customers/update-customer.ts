import { messages } from '@studio/shared/messages';
import { filesMessages } from '@studio/shared/messages/files';
import type { CustomerUpdateInput } from '@studio/shared/schemas/customer';
import { ALLOWED_FILE_TYPES, normalizeFileType, type StudioFileRef } from '@studio/shared/schemas/file';
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
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { findFileRef } from '../files/file-refs';
import { consumeRateLimit, rateRules } from '../rate-limits';
import { toCustomerDto } from './customer-dto';
import { buildSearchTerms } from './search-terms';

const text = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/**
 * The profile photo a file_id names: an image the caller uploaded (private
 * uploads are readable only by their owner, so anyone else's file would show
 * as a broken picture, and naming it would probe its existence).
 */
async function photoRef(deps: Deps, fileId: number, ownerUid: string, tx: Transaction): Promise<StudioFileRef> {
  const ref = await findFileRef(deps, fileId, { ownerUid }, tx);
  const type = ref ? normalizeFileType(ref.type) : null;
  if (!ref || type === null || !ALLOWED_FILE_TYPES[type].image) {
    throw new AppError('invalid', 'customer/photo-not-usable', filesMessages.photoNotUsable, { file_id: filesMessages.photoNotUsable });
  }
  return ref;
}

/**
 * Updates the caller's profile, or — for admins sending customer_id — anyone's.
 * A phone change moves the uniqueness guard in the same transaction. file_id
 * must be an image the caller uploaded; null removes the photo, omitted keeps it.
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
    const file = input.file_id === undefined || input.file_id === null ? input.file_id : await photoRef(deps, input.file_id, identity.uid, tx);
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
      ...(file !== undefined ? { file } : {}),
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
