import { mailDeps } from '../background-deps';
import type { DocumentTrigger } from '../data/store/types';
import { mailOnInvoiceChange, mailOnPurchaseChange } from '../services/mail/purchase-mail';

/** Writes each invoice's e-mail (a receipt, or a renewal that could not be charged) to `mail/`, off the payment path (docs/mail). */
export const mailOnInvoiceTrigger: DocumentTrigger = {
  name: 'mailOnInvoice',
  document: 'invoices/{invoiceId}',
  handler: (event) => mailOnInvoiceChange(mailDeps(), event),
};

/** Writes the purchase e-mails that have no invoice (cash to pay, a free offer, a trial started, unpaid cash cancelled) to `mail/`. */
export const mailOnPurchaseTrigger: DocumentTrigger = {
  name: 'mailOnPurchase',
  document: 'purchases/{purchaseId}',
  handler: (event) => mailOnPurchaseChange(mailDeps(), event),
};
