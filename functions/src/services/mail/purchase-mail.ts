import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { formatStudioDate } from '@studio/shared/format/dates';
import { formatPriceMxn } from '@studio/shared/format/money';
import { paymentMethodLabel } from '@studio/shared/format/payment-method';
import { fill } from '@studio/shared/messages';
import { purchaseMailMessages as m } from '@studio/shared/messages/purchase-mail';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import type { InvoiceDoc } from '../../data/repos/invoices-repo';
import { createMailOnce, type MailDoc, mailExists, type MailKind } from '../../data/repos/mail-repo';
import type { PurchaseDoc } from '../../data/repos/purchases-repo';
import { typedSnapshot } from '../../data/store/typed-collection';
import type { DocumentChangeEvent } from '../../data/store/types';
import { studioTimezone } from '../credits/expiry';
import type { MailDeps } from './booking-mail';
import { type MailBody, renderMailHtml, renderMailText } from './booking-mail-content';

/** The mail id of each event: one e-mail per invoice, and per purchase event that has no invoice. */
export const invoiceMailId = (id: number) => `invoice-${id}`;
export const purchaseMailId = (id: number, event: 'cash-pending' | 'free-offer' | 'trial-started' | 'cash-cancelled') => `purchase-${id}-${event}`;
/** One e-mail per OXXO voucher: a voucher issued again (a new reference) is a new e-mail, the same one redelivered is not. */
export const oxxoVoucherMailId = (id: number, reference: string) => `purchase-${id}-oxxo-${reference}`;

interface Recipient {
  email: string;
  name: string | null;
  studio: string;
  tz: string;
}

const stringOr = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback);

/** The buyer's address and name, the studio's name and zone; null without an address (no e-mail then). */
async function recipientOf(deps: MailDeps, uid: string): Promise<Recipient | null> {
  const [customer, config, tz] = await Promise.all([getCustomerByUid(deps.store, uid), getStoredConfig(deps.store), studioTimezone(deps)]);
  const email = typeof customer?.email === 'string' ? customer.email.trim() : '';
  if (!customer || email === '') return null;
  return {
    email,
    name: typeof customer.name === 'string' && customer.name.trim() !== '' ? customer.name.trim() : null,
    studio: stringOr(config.business_name, String(appConfigDefinitions.business_name.default)),
    tz,
  };
}

type Paid = Pick<PurchaseDoc, 'purchase_id' | 'title' | 'payment_method' | 'checkout_method'> & { total: number; at: Date };

function rows(paid: Paid, tz: string): MailBody['rows'] {
  return [
    [m.details.order, fill(m.orderNumber, { id: paid.purchase_id })],
    [m.details.package, paid.title],
    [m.details.total, formatPriceMxn(paid.total)],
    [m.details.method, paymentMethodLabel(paid)],
    [m.details.date, formatStudioDate(paid.at, tz, m.dateFormat)],
  ];
}

async function send(
  deps: MailDeps,
  id: string,
  uid: string,
  kind: MailKind,
  reference: MailDoc['reference'] & { customer_id: number },
  compose: (to: Recipient) => { subject: string; body: MailBody },
): Promise<void> {
  // A repeated event costs one read.
  if (await mailExists(deps.store, id)) return;
  const to = await recipientOf(deps, uid);
  if (!to) {
    console.info(`[mail] ${id} not written: no customer e-mail address.`);
    return;
  }
  const { subject, body } = compose(to);
  const facts = { studio: to.studio, customerName: to.name };
  await createMailOnce(deps.store, id, {
    to: to.email,
    message: { subject, html: renderMailHtml(facts, body), text: renderMailText(facts, body) },
    kind,
    customer_id: reference.customer_id,
    reference: { type: reference.type, id: reference.id },
    createdAt: deps.now(),
  });
}

const dataOf = <T extends object>(snapshot: DocumentChangeEvent['after']): T | null => typedSnapshot<T>(snapshot)?.data() ?? null;

/**
 * The mailOnInvoice trigger's handler: every invoice written (a first
 * payment, a renewal, a failed renewal) is one e-mail to the buyer, its
 * receipt or the failed charge's notice. Invoices are created once and
 * never change, so only the creation counts.
 */
export async function mailOnInvoiceChange(deps: MailDeps, event: DocumentChangeEvent): Promise<void> {
  const invoice = dataOf<InvoiceDoc>(event.after);
  if (!invoice || dataOf<InvoiceDoc>(event.before)) return;
  const renewal = invoice.billing_reason === 'renewal';
  const failed = invoice.status === 'failed';
  const kind: MailKind = renewal ? (failed ? 'renewal-failed' : 'renewal-paid') : 'purchase-paid';
  const paid: Paid = {
    purchase_id: invoice.purchase_id,
    title: invoice.title,
    payment_method: invoice.payment_method,
    checkout_method: invoice.checkout_method,
    total: invoice.total_payment,
    at: invoice.createdAt,
  };
  await send(
    deps,
    invoiceMailId(invoice.invoice_id),
    invoice.uid,
    kind,
    { type: 'invoice', id: invoice.invoice_id, customer_id: invoice.customer_id },
    (to) => {
      const values = { studio: to.studio, id: invoice.purchase_id, title: invoice.title };
      if (!renewal) return { subject: fill(m.subjects.purchasePaid, values), body: { paragraphs: [m.purchasePaid], rows: rows(paid, to.tz), closing: null } };
      return {
        subject: fill(failed ? m.subjects.renewalFailed : m.subjects.renewalPaid, values),
        body: { paragraphs: [failed ? m.renewalFailed : m.renewalPaid], rows: rows(paid, to.tz), closing: null },
      };
    },
  );
}

/**
 * The mailOnPurchase trigger's handler, for what has no invoice: a cash
 * purchase placed (how and by when to pay), an OXXO voucher issued (its
 * reference, amount, deadline and link), a free offer granted, a free
 * trial started (when the first charge comes), and a cash purchase that
 * ended unpaid. Decided from the event alone, so a repeated event decides
 * the same; the id makes each one e-mail at most.
 */
export async function mailOnPurchaseChange(deps: MailDeps, event: DocumentChangeEvent): Promise<void> {
  const before = dataOf<PurchaseDoc>(event.before);
  const after = dataOf<PurchaseDoc>(event.after);
  if (!after || after.source !== 'checkout') return;
  const reference = { type: 'purchase' as const, id: after.purchase_id, customer_id: after.customer_id };
  const was = before?.status ?? null;
  const placed: Paid = {
    purchase_id: after.purchase_id,
    title: after.title,
    payment_method: after.payment_method,
    checkout_method: after.checkout_method,
    total: after.total_payment,
    at: after.createdAt,
  };

  if (after.status === 'pending' && after.checkout_method === 'cash' && was === null) {
    await send(deps, purchaseMailId(after.purchase_id, 'cash-pending'), after.uid, 'cash-pending', reference, (to) => {
      const paragraphs = [fill(m.cashPending, { pay_by: after.pay_by ? formatStudioDate(after.pay_by, to.tz, m.dateFormat) : '—' })];
      if (after.granted_before_payment) paragraphs.push(m.cashPendingBookable);
      if (after.payment_instructions) paragraphs.push(fill(m.instructions, { instructions: after.payment_instructions }));
      return {
        subject: fill(m.subjects.cashPending, { studio: to.studio, id: after.purchase_id }),
        body: { paragraphs, rows: rows(placed, to.tz), closing: null },
      };
    });
    return;
  }
  const voucher = after.oxxo_voucher;
  if (after.status === 'pending' && after.checkout_method === 'oxxo' && voucher && before?.oxxo_voucher?.reference !== voucher.reference) {
    await send(deps, oxxoVoucherMailId(after.purchase_id, voucher.reference), after.uid, 'oxxo-voucher', reference, (to) => ({
      subject: fill(m.subjects.oxxoVoucher, { studio: to.studio, id: after.purchase_id }),
      body: {
        paragraphs: [
          fill(m.oxxoVoucher, {
            amount: formatPriceMxn(after.total_payment),
            expires: voucher.expires_at ? formatStudioDate(voucher.expires_at, to.tz, m.dateFormat) : '—',
            reference: voucher.reference,
          }),
          ...(voucher.voucher_url ? [fill(m.oxxoVoucherLink, { url: voucher.voucher_url })] : []),
        ],
        rows: [...rows(placed, to.tz), [m.details.reference, voucher.reference]],
        closing: null,
      },
    }));
    return;
  }
  if (after.status === 'completed' && after.checkout_method === 'free' && (was === null || was === 'pending')) {
    await send(deps, purchaseMailId(after.purchase_id, 'free-offer'), after.uid, 'purchase-paid', reference, (to) => ({
      subject: fill(m.subjects.freeOffer, { studio: to.studio, title: after.title }),
      body: { paragraphs: [m.freeOffer], rows: rows(placed, to.tz), closing: null },
    }));
    return;
  }
  if (after.status === 'active' && was === 'pending' && after.first_charge_at && after.class_package.is_trial) {
    const firstCharge = after.first_charge_at;
    await send(deps, purchaseMailId(after.purchase_id, 'trial-started'), after.uid, 'trial-started', reference, (to) => ({
      subject: fill(m.subjects.trialStarted, { studio: to.studio, title: after.title }),
      body: {
        paragraphs: [
          fill(m.trialStarted, {
            amount: formatPriceMxn(after.first_charge_amount ?? after.renewal_amount ?? after.total_payment),
            first_charge: formatStudioDate(firstCharge, to.tz, m.dateFormat),
          }),
        ],
        rows: rows(placed, to.tz),
        closing: null,
      },
    }));
    return;
  }
  if (after.status === 'cancelled' && was === 'pending' && after.checkout_method === 'cash') {
    const reason = after.cancel_reason ?? '';
    await send(deps, purchaseMailId(after.purchase_id, 'cash-cancelled'), after.uid, 'purchase-cancelled', reference, (to) => ({
      subject: fill(m.subjects.cashCancelled, { studio: to.studio, id: after.purchase_id }),
      body: {
        paragraphs: [m.cashCancelled, ...(reason ? [fill(m.reason, { reason })] : [])],
        rows: rows(placed, to.tz),
        closing: null,
      },
    }));
  }
}
