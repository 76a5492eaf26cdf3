import { messages } from '@studio/shared/messages';
import { SIGNUP_REASON_OTHER, type SignupInput } from '@studio/shared/schemas/customer';
import type { Customer } from '@studio/shared/types/api';
import { showSuccess } from '../../lib/alerts';
import { ApiError, errorMessage } from '../../lib/api-client';
import { createIdentity, deleteCurrentIdentity, sendVerificationEmail } from '../../lib/auth-client';
import { abortSignup, beginSignup, completeSignup, signOutSession } from '../../lib/session';
import { fetchOwnCustomer, isPhoneAvailable, registerCustomer } from './auth-api';
import { authErrorMessage } from './auth-errors';

export interface SignupValues {
  name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  password_confirm: string;
  birthdate: string;
  instagram: string;
  signup_reason: string;
  signup_reason_other: string;
  accepted_pages: number[];
}

export type SignupOutcome = { ok: true; customer: Customer } | { ok: false; message: string; field?: 'phone' };

const optional = (value: string) => value.trim() || undefined;

function signupPayload(values: SignupValues, uid: string): SignupInput {
  return {
    uid,
    name: values.name.trim(),
    last_name: values.last_name.trim(),
    phone: values.phone,
    birthdate: optional(values.birthdate),
    instagram: optional(values.instagram),
    // The form schema has already checked the value against the catalogue's options.
    signup_reason: optional(values.signup_reason) as SignupInput['signup_reason'],
    signup_reason_other: values.signup_reason === SIGNUP_REASON_OTHER ? optional(values.signup_reason_other) : undefined,
    accepted_pages: values.accepted_pages,
  };
}

/**
 * Spec order: check the phone, create the identity, register the customer (the
 * identity is rolled back if that fails), then the person is signed in.
 */
export async function signUp(values: SignupValues): Promise<SignupOutcome> {
  try {
    if (!(await isPhoneAvailable(values.phone))) return { ok: false, field: 'phone', message: messages.customer.phoneTaken };
  } catch (error) {
    // The check is advisory: when it is rate-limited, registration still refuses a taken phone (and has its own limits).
    const limited = error instanceof ApiError && error.status === 429;
    if (!limited) return { ok: false, message: errorMessage(error) };
  }

  beginSignup();
  let uid: string;
  try {
    uid = await createIdentity(values.email.trim(), values.password);
  } catch (error) {
    abortSignup();
    return { ok: false, message: authErrorMessage(error) };
  }

  try {
    const customer = await registerCustomer(signupPayload(values, uid));
    completeSignup(customer);
    sendVerificationEmail().then(
      () => showSuccess(messages.auth.verificationSent),
      () => {
        // A missed verification e-mail must not undo a finished sign-up; it can be requested again later.
      },
    );
    return { ok: true, customer };
  } catch (error) {
    // The answer may be lost after the server committed (timeout, dropped connection): ask before undoing anything.
    const uncertain = !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
    if (uncertain) {
      const registered = await fetchOwnCustomer().catch(() => null);
      if (registered) {
        completeSignup(registered);
        return { ok: true, customer: registered };
      }
    }
    // An identity without a customer would be stuck: remove it so the same e-mail can sign up again.
    await deleteCurrentIdentity().catch(() => signOutSession());
    abortSignup();
    const alreadyRegistered = error instanceof ApiError && error.code === 'customer/already-registered';
    return { ok: false, message: alreadyRegistered ? messages.auth.alreadyRegistered : errorMessage(error) };
  }
}
