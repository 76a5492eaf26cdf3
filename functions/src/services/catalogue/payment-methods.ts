import { catalogueMessages } from '@studio/shared/messages/catalogue';
import { CARD_PAYMENT_METHOD_ID, CASH_PAYMENT_METHOD_NAME, type PaymentMethodCreateInput } from '@studio/shared/schemas/catalogue/payment-methods';
import type { PaymentMethod } from '@studio/shared/types/catalogue';
import { listRecords, type PaymentMethodDoc } from '../../data/repos/catalogue-repo';
import { AppError } from '../../domain/errors';
import { type CatalogueResource, crudOperations } from './records';
import { stamps } from './values';

const m = catalogueMessages.paymentMethods;

const fold = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
/** Checkout recognises cash by the exact name 'Efectivo'; 'efectivo ' or 'EFECTIVO' would be a second, unrecognised cash method. */
export const isCashName = (name: string) => fold(name) === fold(CASH_PAYMENT_METHOD_NAME);

const conflict = (code: 'card-protected' | 'cash-protected' | 'cash-taken', message: string) => new AppError('conflict', `payment_methods/${code}`, message);

/**
 * ADR 0012: id 1 (card) and the method named 'Efectivo' (cash) are what
 * checkout keys on, so neither can be deleted and cash cannot be renamed;
 * there is at most one cash method. Card may be renamed: checkout uses its id.
 */
export const paymentMethodsResource: CatalogueResource<'payment_method_id', PaymentMethodDoc, PaymentMethod, PaymentMethodCreateInput> = {
  collection: 'payment_methods',
  idField: 'payment_method_id',
  notFound: m.notFound,
  fields: (input) => ({ name: isCashName(input.name) ? CASH_PAYMENT_METHOD_NAME : input.name.trim() }),
  toDto: (doc) => ({ payment_method_id: doc.payment_method_id, name: doc.name, ...stamps(doc) }),
  async checkSave(deps, tx, next, before) {
    const wasCash = before !== null && isCashName(before.name);
    if (wasCash && !isCashName(next.name)) throw conflict('cash-protected', m.cashProtected);
    if (!wasCash && isCashName(next.name)) {
      const all = await listRecords<PaymentMethodDoc>(deps.store, 'payment_methods', undefined, tx);
      if (all.some((doc) => !doc.deletedAt && isCashName(doc.name))) throw conflict('cash-taken', m.cashTaken);
    }
  },
  async checkDelete(_deps, _tx, doc) {
    if (doc.payment_method_id === CARD_PAYMENT_METHOD_ID) throw conflict('card-protected', m.cardProtected);
    if (isCashName(doc.name)) throw conflict('cash-protected', m.cashProtected);
  },
};

export const paymentMethodOperations = crudOperations(paymentMethodsResource);
