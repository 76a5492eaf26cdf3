import { array, type InferType, number, object, string } from 'yup';
import { fill, messages } from '../messages';
import { packagesMessages } from '../messages/packages';
import { allowedTimesField } from './allowed-times';
import { flag, optionalText, positiveId, requiredText, sibling, text, unknownFields } from './fields';

const v = messages.validation;
const r = packagesMessages.rules;

/** class_amount and per-type amounts: -1 means unlimited (customer-area §9). */
export const UNLIMITED_CLASSES = -1;
export const SUBSCRIPTION_PERIODS = ['day', 'month', 'year'] as const;
export const PACKAGE_STATUSES = ['active', 'inactive'] as const;
export const PRICE_MAX = 1_000_000;
const CLASS_AMOUNT_MAX = 10_000;
const DAYS_MAX = 3650;
const TYPES_MAX = 50;

/** Whole cents: 19.99 is fine, 19.999 is not (tolerates binary floating point). */
export const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** A price in MXN: not negative, at most 2 decimals. */
export const money = () =>
  number()
    .typeError(v.mustBeNumber)
    .min(0, r.notNegative)
    .max(PRICE_MAX, fill(r.atMost, { n: PRICE_MAX }))
    .test('two-decimals', r.money, (value) => value === undefined || value === null || hasAtMostTwoDecimals(value));

const wholeNumber = (min: number, max: number) =>
  number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .min(min, v.mustBePositive)
    .max(max, fill(r.atMost, { n: max }));

const classAmount = () =>
  number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .max(CLASS_AMOUNT_MAX, fill(r.atMost, { n: CLASS_AMOUNT_MAX }))
    .test('class-amount', r.classAmount, (value) => value === undefined || value === null || value === UNLIMITED_CLASSES || value >= 1);

/** A file or link the browser opens: http(s) or a path on our own host (never javascript: and friends). */
const link = () =>
  text()
    .max(2000, fill(v.tooLong, { n: 2000 }))
    .matches(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, r.urlFormat);

const fileSrc = () =>
  object({ src: link().required(v.required) })
    .noUnknown(unknownFields)
    .strict()
    .default(undefined);

const classPackageTypeSchema = object({
  class_type_id: positiveId().required(v.required),
  class_amount: classAmount().required(v.required),
  expiration_days: wholeNumber(1, DAYS_MAX).nullable().optional(),
})
  .noUnknown(unknownFields)
  .strict();

const classPackageTypes = () =>
  array(classPackageTypeSchema.required(v.required))
    .typeError(v.mustBeList)
    .max(TYPES_MAX, fill(r.atMostItems, { n: TYPES_MAX }))
    .test('unique-class-type', r.duplicateClassType, (value) => {
      if (!value) return true;
      const ids = value.map((entry) => entry?.class_type_id);
      return new Set(ids).size === ids.length;
    });

/** Each field on its own; the rules that tie fields together are added in `classPackageSchema`. */
const fields = {
  title: requiredText(120),
  description: optionalText(20_000, { multiline: true }).optional(),
  short_description: optionalText(300, { multiline: true }).optional(),
  price: money().required(v.required),
  /** What is charged when set (the list price shows struck through); must be below price. */
  sale_price: money().nullable().optional(),
  class_amount: classAmount().required(v.required),
  expiration_days: wholeNumber(1, DAYS_MAX).nullable().optional(),
  is_subscription: flag().optional(),
  subscription_period: string()
    .typeError(v.mustBeText)
    .nullable()
    .optional()
    .oneOf([...SUBSCRIPTION_PERIODS, null], v.selectOption),
  subscription_interval: wholeNumber(1, 365).nullable().optional(),
  is_trial: flag().optional(),
  /** Days (public-site §9: the free-trial delay is counted in days). */
  free_trial_length: wholeNumber(1, 365).nullable().optional(),
  is_special_event: flag().optional(),
  limit_per_customer: wholeNumber(1, 1000).nullable().optional(),
  /** Sold in all, at most (a special event's places); null = no limit. */
  purchase_limit: wholeNumber(1, 100_000).nullable().optional(),
  class_package_types: classPackageTypes().optional(),
  /** When its credits may be used (an off-peak package); null or [] = any time. */
  allowed_times: allowedTimesField().nullable().optional(),
  downloadable: flag().optional(),
  file_url: link().nullable().optional(),
  is_online: flag().optional(),
  home: flag().optional(),
  status: string()
    .typeError(v.mustBeText)
    .optional()
    .oneOf([...PACKAGE_STATUSES], v.selectOption),
  image: fileSrc().nullable().optional(),
  receipt_file: fileSrc().nullable().optional(),
};

/**
 * A complete package with every rule (the admin form, POST /class_packages,
 * and the server's check of an update merged over the stored package).
 * Kinds: one-off; subscription (period + interval); free trial (a
 * subscription whose first charge waits free_trial_length days); free offer
 * (price 0, never a subscription). Values that only make sense for another
 * kind (a period on a one-off, a file_url when not downloadable) are ignored
 * by the server, not refused, so a form can keep them while toggling.
 */
export const classPackageSchema = object({
  ...fields,
  sale_price: fields.sale_price.test('below-price', r.salePriceBelowPrice, function (value) {
    const price = sibling(this, 'price');
    return value === undefined || value === null || typeof price !== 'number' || value < price;
  }),
  is_subscription: fields.is_subscription.test('free-offer', r.freeOfferNotSubscription, function (value) {
    return value !== true || sibling(this, 'price') !== 0;
  }),
  subscription_period: fields.subscription_period.when('is_subscription', { is: true, then: (s) => s.required(v.selectOption) }),
  subscription_interval: fields.subscription_interval.when('is_subscription', { is: true, then: (s) => s.required(v.required) }),
  is_trial: fields.is_trial.test('trial-subscription', r.trialNeedsSubscription, function (value) {
    return value !== true || sibling(this, 'is_subscription') === true;
  }),
  free_trial_length: fields.free_trial_length.when('is_trial', { is: true, then: (s) => s.required(r.trialLength) }),
  file_url: fields.file_url.when('downloadable', { is: true, then: (s) => s.required(r.fileUrlRequired) }),
  class_package_types: fields.class_package_types.test('online-types', r.onlineWithoutClassTypes, function (value) {
    return sibling(this, 'is_online') !== true || !value || value.length === 0;
  }),
})
  .noUnknown(unknownFields)
  .strict();
export type ClassPackageInput = InferType<typeof classPackageSchema>;

/**
 * PUT /class_packages: the id plus any fields to change; omitted fields keep
 * their stored value. The combined rules are checked on the merged package.
 */
export const classPackageUpdateSchema = object({
  class_package_id: positiveId().required(v.required),
  ...fields,
  title: fields.title.optional(),
  price: fields.price.optional(),
  class_amount: fields.class_amount.optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type ClassPackageUpdateInput = InferType<typeof classPackageUpdateSchema>;

export type SubscriptionPeriod = (typeof SUBSCRIPTION_PERIODS)[number];
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

/** One customer who bought a special-event package (GET /class_packages/especiales/{id}/asistentes). */
export interface SpecialEventAttendee {
  customer_id: number;
  name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  /** How many of this customer's purchases of the package count (neither revoked nor failed). */
  purchases: number;
  purchase_ids: number[];
  first_purchase_at: string;
}
