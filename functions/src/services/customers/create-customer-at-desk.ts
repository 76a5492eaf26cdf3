import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { fill, messages } from '@studio/shared/messages';
import { adminCustomersMessages as m } from '@studio/shared/messages/admin-customers';
import type { CustomerCreateInput } from '@studio/shared/schemas/customer';
import type { Customer } from '@studio/shared/types/customers';
import { type AuthGateway, type AuthUser, EmailAlreadyExists } from '../../data/auth/auth-gateway';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import { allocateSpreadId } from '../../data/repos/counters-repo';
import { createCustomer, type CustomerDoc, getPhoneOwner } from '../../data/repos/customers-repo';
import { createMailOnce, type MailDoc } from '../../data/repos/mail-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { escapeHtml } from '../mail/booking-mail-content';
import { toCustomerDto } from './customer-dto';
import { newCustomerDoc } from './new-customer';
import { spanishActionLink } from './spanish-action-link';

const phoneTaken = () => new AppError('conflict', 'customer/phone-taken', messages.customer.phoneTaken, { phone: messages.customer.phoneTaken });

/** The mail id: one 'set your password' e-mail per customer, even if the write is retried. */
export const deskWelcomeMailId = (customerId: number) => `customer-${customerId}-created`;

export interface DeskCreatedCustomer {
  customer: Customer;
  /** False when the customer exists but the e-mail could not be written (the desk tells the person to use '¿Olvidaste tu contraseña?'). */
  mail_sent: boolean;
}

/** Undoes the identity of a refused creation, so nothing is left half-made; a failure here is logged, the refusal still answered. */
async function dropIdentity(auth: AuthGateway, uid: string): Promise<void> {
  try {
    await auth.deleteUser(uid);
  } catch (error) {
    console.error('Could not delete the identity of a refused front-desk customer', uid, error);
  }
}

/**
 * A customer registered at the front desk (admin only): the identity and the
 * customer record under the phone rule, then an e-mail with a link to choose
 * a password. Order: phone check (cheap, before touching the identity
 * provider) → identity (409 on a taken e-mail) → reset link → one transaction
 * that re-checks the phone and writes record, guard and id claim, exactly as
 * sign-up does. Any refusal after the identity exists deletes it, so a
 * retry can use the same e-mail. The e-mail goes out after the commit; if its
 * write fails the customer stays (mail_sent false) rather than being undone.
 */
export async function createCustomerAtDesk(deps: Deps, input: CustomerCreateInput): Promise<DeskCreatedCustomer> {
  const auth = deps.auth;
  if (await getPhoneOwner(deps.store, input.phone)) throw phoneTaken();

  const name = input.name.trim();
  const lastName = input.last_name.trim();
  let user: AuthUser;
  try {
    user = await auth.createUser({ email: input.email.trim(), displayName: `${name} ${lastName}` });
  } catch (error) {
    if (error instanceof EmailAlreadyExists) throw new AppError('conflict', 'customer/email-taken', m.emailTaken, { email: m.emailTaken });
    throw error;
  }
  const email = user.email ?? input.email.trim();

  let link: string;
  let doc: CustomerDoc;
  try {
    // Asked before the record is written: without a link there is no way in, so the whole creation is refused.
    // In Spanish: the generated link opens the provider's page in English (lang=en).
    link = spanishActionLink(await auth.generatePasswordResetLink(email));
    doc = await deps.store.runTransaction(async (tx) => {
      // Re-checked inside: a sign-up with the same phone may have landed since the first look.
      if (await getPhoneOwner(deps.store, input.phone, tx)) throw phoneTaken();
      const customerId = await allocateSpreadId(deps.store, tx, 'customers', user.uid);
      const record = newCustomerDoc({ customerId, uid: user.uid, email }, input, deps.now());
      createCustomer(deps.store, tx, record);
      return record;
    });
  } catch (error) {
    await dropIdentity(auth, user.uid);
    throw error;
  }

  const mailSent = await writeWelcomeMail(deps, doc, link);
  // Pages accepted at sign-up are the person's own act: a desk creation records none, and they accept them on their first purchase.
  return { customer: toCustomerDto(doc, { acceptedPages: [], isAdmin: false, now: deps.now() }), mail_sent: mailSent };
}

async function writeWelcomeMail(deps: Deps, customer: CustomerDoc, link: string): Promise<boolean> {
  try {
    const config = await getStoredConfig(deps.store);
    const studio =
      typeof config.business_name === 'string' && config.business_name.trim() !== ''
        ? config.business_name.trim()
        : String(appConfigDefinitions.business_name.default);
    const w = m.welcomeMail;
    const subject = fill(w.subject, { studio });
    const greeting = fill(w.greeting, { name: customer.name });
    const body = fill(w.body, { studio });
    const html = [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(body)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(w.action)}</a></p>`,
      `<p>${escapeHtml(w.ignore)}</p>`,
    ].join('\n');
    const mail: MailDoc = {
      to: customer.email,
      message: { subject, html, text: [greeting, '', body, link, '', w.ignore].join('\n') },
      kind: 'customer-created',
      customer_id: customer.customer_id,
      reference: { type: 'customer', id: customer.customer_id },
      createdAt: deps.now(),
    };
    await createMailOnce(deps.store, deskWelcomeMailId(customer.customer_id), mail);
    return true;
  } catch (error) {
    console.error('Front-desk customer created, but the password e-mail was not written', customer.customer_id, error);
    return false;
  }
}
