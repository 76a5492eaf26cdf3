import { messages } from '@studio/shared/messages';
import type { SignupInput } from '@studio/shared/schemas/customer';
import type { Customer } from '@studio/shared/types/customers';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { allocateSpreadId } from '../../data/repos/counters-repo';
import { createCustomer, getCustomerByUid, getPhoneOwner, recordAcceptedPage } from '../../data/repos/customers-repo';
import { listSignupRequiredPages } from '../../data/repos/pages-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { consumeAddressLimit, rateRules, tryConsumeRateLimit } from '../rate-limits';
import { toCustomerDto } from './customer-dto';
import { newCustomerDoc } from './new-customer';

/**
 * Counts one sign-up attempt; call it before signUp. Sign-up answers whether
 * a phone is taken (409 customer/phone-taken), so without this the anonymous
 * phone check's limits would be pointless. The identity is counted first (it
 * is verified and shared by nobody); identities are cheap to make, so the
 * client network is counted too, under a studio-wide ceiling that only
 * tightens it.
 */
export async function consumeSignUpAttempt(deps: Deps, identity: VerifiedIdentity, clientAddress: string): Promise<void> {
  if (!(await tryConsumeRateLimit(deps, rateRules.signUpPerUser, identity.uid))) {
    throw new AppError('rate-limited', 'customer/signup-rate-limited', messages.customer.signupTooManyAttempts);
  }
  await consumeAddressLimit(deps, rateRules.signUpPerIp, rateRules.signUpGlobal, clientAddress);
}

/**
 * Registers the customer record for a freshly created identity. The phone's
 * uniqueness, the one-customer-per-identity rule and the numeric id are all
 * decided inside one transaction, so two simultaneous sign-ups with one phone
 * make exactly one account. Every document it writes is this customer's own
 * (their record, their phone's guard, their id's claim), so a rush of
 * sign-ups never queues on a shared document (ADR 0009).
 */
export async function signUp(deps: Deps, identity: VerifiedIdentity, input: SignupInput): Promise<Customer> {
  if (input.uid !== identity.uid) throw new AppError('forbidden', 'customer/uid-mismatch', messages.customer.uidMismatch);
  if (!identity.email) throw new AppError('invalid', 'customer/no-email', messages.customer.noEmailOnAccount);

  const accepted = [...new Set(input.accepted_pages ?? [])];
  const requiredPages = await listSignupRequiredPages(deps.store);
  const missing = requiredPages.filter((page) => !accepted.includes(page.page_id));
  if (missing.length > 0) {
    throw new AppError('invalid', 'customer/terms-not-accepted', messages.validation.acceptTerms, { accepted_pages: messages.validation.acceptTerms });
  }
  const acceptable = new Set(requiredPages.map((page) => page.page_id));
  const email = identity.email;

  const customer = await deps.store.runTransaction(async (tx) => {
    if (await getCustomerByUid(deps.store, identity.uid, tx)) {
      throw new AppError('conflict', 'customer/already-registered', messages.auth.alreadyRegistered);
    }
    if (await getPhoneOwner(deps.store, input.phone, tx)) {
      throw new AppError('conflict', 'customer/phone-taken', messages.customer.phoneTaken, { phone: messages.customer.phoneTaken });
    }
    // Not a counter: a launch signs many people up at once (ADR 0009).
    const customerId = await allocateSpreadId(deps.store, tx, 'customers', identity.uid);
    const now = deps.now();
    const doc = newCustomerDoc({ customerId, uid: identity.uid, email }, input, now);
    createCustomer(deps.store, tx, doc);
    for (const pageId of accepted.filter((id) => acceptable.has(id))) {
      recordAcceptedPage(deps.store, tx, identity.uid, { page_id: pageId, customer_id: customerId, accepted_at: now });
    }
    return doc;
  });

  return toCustomerDto(customer, { acceptedPages: accepted.filter((id) => acceptable.has(id)), isAdmin: identity.admin, now: deps.now() });
}
