import { type InferType, object } from 'yup';
import { messages } from '../../messages';
import { positiveId, unknownFields } from '../fields';
import { nonBlankText } from './common';

const v = messages.validation;

/** The spec: id 1 means card; the method named 'Efectivo' is cash. */
export const CARD_PAYMENT_METHOD_ID = 1;
export const CASH_PAYMENT_METHOD_NAME = 'Efectivo';

const paymentMethodShape = {
  name: nonBlankText(60),
};

/** POST /api/payment_methods */
export const paymentMethodCreateSchema = object(paymentMethodShape).noUnknown(unknownFields).strict();
/** PUT /api/payment_methods (by payment_method_id) */
export const paymentMethodUpdateSchema = object({ payment_method_id: positiveId().required(v.required), ...paymentMethodShape })
  .noUnknown(unknownFields)
  .strict();
export type PaymentMethodCreateInput = InferType<typeof paymentMethodCreateSchema>;
export type PaymentMethodUpdateInput = InferType<typeof paymentMethodUpdateSchema>;
