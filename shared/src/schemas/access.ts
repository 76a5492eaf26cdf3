import { type InferType, mixed, number, object } from 'yup';
import { formatMoneyMxn } from '../format/money';
import { fill, messages } from '../messages';
import { accessMessages } from '../messages/access';
import { allowedTimesField } from './allowed-times';
import { calendarDate, flag, optionalText, positiveId, unknownFields } from './fields';

const v = messages.validation;
const m = accessMessages;

/** Longest grant an admin can give, in days (ten years). */
export const MAX_PACKAGE_DAYS = 3650;
/** Most credits one admin action adds or removes. */
export const MAX_CREDITS_PER_ACTION = 1000;

const wholeNumber = () => number().typeError(v.mustBeNumber).integer(v.mustBeInteger);

/**
 * POST /api/customer/giveAccess (admin). package_days overrides the package's
 * expiry (0 = until the end of today); a paid grant needs its payment method.
 */
export const giveAccessSchema = object({
  customer_id: positiveId().required(v.required),
  class_package_id: positiveId().required(v.required),
  package_days: wholeNumber()
    .min(0, fill(m.range, { min: 0, max: MAX_PACKAGE_DAYS }))
    .max(MAX_PACKAGE_DAYS, fill(m.range, { min: 0, max: MAX_PACKAGE_DAYS }))
    .nullable()
    .optional(),
  is_gift: flag().optional(),
  payment_method_id: positiveId()
    .nullable()
    .optional()
    .when('is_gift', { is: true, then: (schema) => schema, otherwise: (schema) => schema.required(m.paymentMethodRequired) }),
  bill: flag().optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type GiveAccessInput = InferType<typeof giveAccessSchema>;

/** When a revoked subscription stops at the processor: now (its credits end too) or at the end of the period paid (they stay until then). */
export const REVOKE_WHEN = ['now', 'period_end'] as const;
export type RevokeWhen = (typeof REVOKE_WHEN)[number];

/** PUT /api/customer/revokeAccess (admin). `when` matters for subscriptions only; absent = now. */
export const revokeAccessSchema = object({
  purchase_id: positiveId().required(v.required),
  when: mixed<RevokeWhen>()
    .oneOf([...REVOKE_WHEN], m.revokeWhen)
    .optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type RevokeAccessInput = InferType<typeof revokeAccessSchema>;

/** What can still be refunded of a purchase, MXN: what was paid minus what was already refunded (never below 0). */
export const refundableAmount = (paid: number, refunded: number): number => Math.max(0, Math.round((paid - refunded) * 100) / 100);

const inCents = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * POST /api/purchases/{id}/refund (admin). amount in MXN (absent = all that is
 * left); partial refunds keep the credits unless remove_credits. The form and
 * the service pass `{ refundable }` as context (refundableAmount), so the
 * amount is checked against it on both sides; the route alone checks the shape.
 */
export const purchaseRefundSchema = object({
  amount: number()
    .typeError(v.mustBeNumber)
    .positive(m.refundAmount)
    .test('cents', m.refundAmount, (value) => value === undefined || inCents(value))
    .test('refundable', function refundable(value) {
      const max = (this.options.context as { refundable?: number } | undefined)?.refundable;
      if (value === undefined || max === undefined || value <= max + 1e-9) return true;
      return this.createError({ message: fill(m.refundTooLarge, { max: formatMoneyMxn(max) }) });
    })
    .optional(),
  remove_credits: flag().optional(),
  reason: optionalText(500, { multiline: true }).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type PurchaseRefundInput = InferType<typeof purchaseRefundSchema>;

/** PUT /api/customer/removeClasses (admin). */
export const removeClassesSchema = object({
  customer_id: positiveId().required(v.required),
  amount: wholeNumber()
    .required(v.required)
    .min(1, fill(m.range, { min: 1, max: MAX_CREDITS_PER_ACTION }))
    .max(MAX_CREDITS_PER_ACTION, fill(m.range, { min: 1, max: MAX_CREDITS_PER_ACTION })),
})
  .noUnknown(unknownFields)
  .strict();
export type RemoveClassesInput = InferType<typeof removeClassesSchema>;

const creditsCount = (min: number) =>
  wholeNumber().test(
    'credits',
    fill(m.creditsAmount, { min, max: MAX_CREDITS_PER_ACTION }),
    (value) => value === undefined || value === -1 || (value >= min && value <= MAX_CREDITS_PER_ACTION),
  );

/**
 * POST /api/available_classes (admin): a lot outside any purchase (a courtesy
 * or a correction), written through the ledger. expiration_date is the studio
 * calendar day it lasts through; null = no expiry.
 */
export const availableClassCreateSchema = object({
  customer_id: positiveId().required(v.required),
  available_classes: creditsCount(1).required(v.required),
  expiration_date: calendarDate().nullable().optional(),
  class_type_id: positiveId().nullable().optional(),
  allowed_times: allowedTimesField().nullable().optional(),
  reason: optionalText(200, { multiline: true }).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type AvailableClassCreateInput = InferType<typeof availableClassCreateSchema>;

/** PUT /api/available_classes (admin): sets the count (the ledger records the difference) and/or the expiry day. */
export const availableClassUpdateSchema = object({
  available_class_id: positiveId().required(v.required),
  available_classes: creditsCount(0).optional(),
  expiration_date: calendarDate().nullable().optional(),
  reason: optionalText(200, { multiline: true }).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type AvailableClassUpdateInput = InferType<typeof availableClassUpdateSchema>;

/** GET /api/available_classes/date/all?date=YYYY-MM-DD (default: today in the studio). */
export const lotsOnDateQuerySchema = object({ date: calendarDate().optional() }).noUnknown(unknownFields);

/** One lot of credits as the API shows it. available_classes -1 = unlimited. */
export interface AvailableClass {
  available_class_id: number;
  customer_id: number;
  purchase_id: number | null;
  class_package_id: number | null;
  available_classes: number;
  initial_classes: number;
  unlimited: boolean;
  /** The instant it stops being usable (the end of a studio calendar day), or null. */
  expiration_date: string | null;
  /** That day in the studio's calendar, YYYY-MM-DD. */
  expiration_day: string | null;
  class_type_id: number | null;
  class_types: number[];
  allowed_times: unknown;
  is_online: boolean;
  status: 'active' | 'revoked';
  /** Active, not expired, and with classes left (or unlimited). */
  usable: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface LedgerEntry {
  ledger_entry_id: string;
  available_class_id: number;
  purchase_id: number | null;
  kind: string;
  delta: number;
  balance_after: number;
  unlimited: boolean;
  actor: { uid: string | null; role: string };
  reason: string | null;
  reference: { type: string; id: number | string } | null;
  createdAt: string;
}

/** What a customer holds now, and the cross-check that explains it. */
export interface CreditBalance {
  /** Classes usable now: active, unexpired, finite in-person lots. */
  available_classes: number;
  has_unlimited: boolean;
  unlimited_membership_expiration: string | null;
  has_online: boolean;
  online_membership_expiration: string | null;
  /** Sum of every ledger delta … */
  ledger_total: number;
  /** … equals the sum of every finite lot's count (expired and revoked included). */
  lots_total: number;
}
