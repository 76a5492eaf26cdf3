import { studioDay, studioWallTimeToInstant } from '@studio/shared/format/dates';
import type { Discount } from '@studio/shared/schemas/discount';
import { normalizeDiscountCode } from '@studio/shared/schemas/discount';
import { getIn, setIn } from 'formik';
import { type Schema, ValidationError } from 'yup';

/** Number inputs: Formik keeps a number once typed, '' when empty. */
type NumberInput = string | number;

/** Form state: text and date inputs hold strings ('' when empty); kind is the select's value. */
export interface DiscountFormValues {
  code: string;
  kind: 'percent' | 'amount';
  amount: NumberInput;
  first_invoice_only: boolean;
  usage_limit: NumberInput;
  limit_per_customer: NumberInput;
  /** Studio calendar days, YYYY-MM-DD. */
  valid_from: string;
  valid_until: string;
  /** Checked package ids, as the checkboxes' values. */
  class_package_ids: string[];
}

const input = (value: number | null | undefined): NumberInput => value ?? '';

/** The form's starting values: the discount's (its dates as studio days), or a new percent code. */
export function discountFormValues(d: Discount | null, timezone: string): DiscountFormValues {
  return {
    code: d?.code ?? '',
    kind: d && !d.is_percent ? 'amount' : 'percent',
    amount: input(d?.amount),
    first_invoice_only: d?.first_invoice_only ?? false,
    usage_limit: input(d?.usage_limit),
    limit_per_customer: input(d?.limit_per_customer),
    valid_from: d?.valid_from ? studioDay(d.valid_from, timezone) : '',
    valid_until: d?.valid_until ? studioDay(d.valid_until, timezone) : '',
    class_package_ids: (d?.class_package_ids ?? []).map(String),
  };
}

function requiredNumber(value: NumberInput): number | undefined {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? undefined : Number(value);
}

const nullableNumber = (value: NumberInput): number | null => requiredNumber(value) ?? null;

/**
 * A studio day as the instant it starts there (ISO with Z). The API counts
 * valid_until through the end of that studio day, so the start is enough.
 */
function dayStart(day: string, timezone: string): string | null {
  if (day === '') return null;
  const instant = studioWallTimeToInstant(day, '00:00', timezone);
  // An unparsable day goes as typed, so the schema's own message names the problem.
  return Number.isNaN(instant.getTime()) ? day : instant.toISOString();
}

/** What POST or PUT sends, and what the API's schema validates before it goes; every field, so an edit replaces the whole discount. */
export function discountBody(values: DiscountFormValues, id: number | null, timezone: string): Record<string, unknown> {
  const body = {
    code: normalizeDiscountCode(values.code),
    is_percent: values.kind === 'percent',
    amount: requiredNumber(values.amount),
    first_invoice_only: values.first_invoice_only,
    usage_limit: nullableNumber(values.usage_limit),
    limit_per_customer: nullableNumber(values.limit_per_customer),
    valid_from: dayStart(values.valid_from, timezone),
    valid_until: dayStart(values.valid_until, timezone),
    class_package_ids: values.class_package_ids.map(Number),
  };
  return id === null ? body : { discount_id: id, ...body };
}

/** The form's path for a body path: is_percent is chosen in the kind select. */
const FORM_PATH: Record<string, string> = { is_percent: 'kind' };

/** Validates exactly what will be sent, with the API's schema; the first message per field, on its input. */
export async function validateBody(schema: Schema, body: object): Promise<Record<string, unknown>> {
  try {
    await schema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    let errors: Record<string, unknown> = {};
    for (const e of error.inner.length > 0 ? error.inner : [error]) {
      // A rule about one listed id belongs to the list's checkboxes as a whole.
      const raw = (e.path ?? '').replace(/\[\d+\]$/, '');
      const path = FORM_PATH[raw] ?? raw;
      if (getIn(errors, path) === undefined) errors = setIn(errors, path, e.message) as Record<string, unknown>;
    }
    return errors;
  }
}
