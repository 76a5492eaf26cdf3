import { type InferType, number, object, string } from 'yup';
import { fill, messages } from '../messages';
import { packagesMessages } from '../messages/packages';
import { money } from './class-package';
import { flag, idList, positiveId, sibling, unknownFields } from './fields';

const v = messages.validation;
const r = packagesMessages.rules;

/**
 * Codes are stored upper-case; lookups are case-insensitive. Plain ASCII so
 * every keyboard can type them; the first character is a letter or digit, so
 * a code is always a valid document id (never `__…__`).
 */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/;
const PACKAGE_IDS_MAX = 100;
const USES_MAX = 1_000_000;

/** The stored form of a code: trimmed and upper-case. */
export const normalizeDiscountCode = (code: string) => code.trim().toUpperCase();

const ISO_INSTANT = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** An instant on the wire: ISO 8601 with a zone (the form converts the studio's wall-clock choice). */
export const instant = () =>
  string()
    .typeError(v.mustBeText)
    .test('iso-instant', r.instant, (value) => {
      if (value === undefined || value === null) return true;
      const match = ISO_INSTANT.exec(value);
      if (!match) return false;
      const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const day = new Date(Date.UTC(y, m - 1, d));
      return day.getUTCMonth() === m - 1 && day.getUTCDate() === d && y >= 2000 && y <= 9999;
    });

const uses = () =>
  number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .min(1, v.mustBePositive)
    .max(USES_MAX, fill(r.atMost, { n: USES_MAX }));

const fields = {
  code: string().typeError(v.mustBeText).required(v.required).matches(DISCOUNT_CODE_PATTERN, r.codeFormat),
  is_percent: flag().required(v.required),
  /** Percent (1–100) or MXN off the price. */
  amount: money()
    .required(v.required)
    .test('positive', r.amountPositive, (value) => value === undefined || value > 0),
  /** Subscriptions: only the first charge is discounted. */
  first_invoice_only: flag().optional(),
  valid_from: instant().nullable().optional(),
  /** Valid through the end of this instant's calendar day in the studio's time zone. */
  valid_until: instant().nullable().optional(),
  /** Uses overall; null = no limit. */
  usage_limit: uses().nullable().optional(),
  /** Uses per customer; null = no limit. */
  limit_per_customer: uses().nullable().optional(),
  /** Packages it applies to; empty or absent = every package. */
  class_package_ids: idList()
    .max(PACKAGE_IDS_MAX, fill(r.atMostItems, { n: PACKAGE_IDS_MAX }))
    .test('unique', r.duplicateId, (value) => !value || new Set(value).size === value.length)
    .optional(),
};

/** A complete discount with every rule (the admin form, POST /discounts, and the check of an update merged over the stored one). */
export const discountSchema = object({
  ...fields,
  amount: fields.amount.test('percent-range', r.percentRange, function (value) {
    return sibling(this, 'is_percent') !== true || value === undefined || (value >= 1 && value <= 100);
  }),
  valid_until: fields.valid_until.test('after-from', r.validUntilAfterFrom, function (value) {
    const from = sibling(this, 'valid_from');
    if (value === undefined || value === null || typeof from !== 'string') return true;
    const [a, b] = [Date.parse(from), Date.parse(value)];
    return Number.isNaN(a) || Number.isNaN(b) || b >= a;
  }),
})
  .noUnknown(unknownFields)
  .strict();
export type DiscountInput = InferType<typeof discountSchema>;

/** PUT /discounts: the id plus the fields to change; omitted fields keep their stored value. */
export const discountUpdateSchema = object({
  discount_id: positiveId().required(v.required),
  ...fields,
  code: fields.code.optional(),
  is_percent: fields.is_percent.optional(),
  amount: fields.amount.optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type DiscountUpdateInput = InferType<typeof discountUpdateSchema>;

/** GET /discounts/code/{code}?class_package_id */
export const discountLookupQuerySchema = object({
  class_package_id: positiveId().required(v.required),
}).noUnknown(unknownFields);

/** A discount as the admin sees it. */
export interface Discount {
  discount_id: number;
  code: string;
  is_percent: boolean;
  amount: number;
  first_invoice_only: boolean;
  valid_from: string | null;
  valid_until: string | null;
  usage_limit: number | null;
  limit_per_customer: number | null;
  class_package_ids: number[];
  times_used: number;
  createdAt: string;
  updatedAt: string;
}

/** What a customer learns from a code: the spec's discount fields, nothing about usage. */
export type PublicDiscount = Pick<Discount, 'discount_id' | 'code' | 'is_percent' | 'amount' | 'first_invoice_only'>;

/** The price of one package with one discount, computed by the server. */
export interface DiscountQuote {
  class_package_id: number;
  /** sale_price when the package has one, otherwise price. */
  base_price: number;
  discount_amount: number;
  /** base_price minus the discount, never below 0, in whole cents. */
  total: number;
}
