import type { ClassPackage } from '@studio/shared/types/class-packages';
import { getIn, setIn } from 'formik';
import { type Schema, ValidationError } from 'yup';

/** Number inputs: Formik keeps a number once typed, '' when empty; a loaded record gives its number or ''. */
type NumberInput = string | number;

/** One per-class-type row of the form (class_package_types). */
export interface VariantValues {
  class_type_id: string;
  class_amount: NumberInput;
  expiration_days: NumberInput;
}

/** Form state: text inputs hold strings ('' when empty), checkboxes booleans. */
export interface PackageFormValues {
  title: string;
  short_description: string;
  description: string;
  price: NumberInput;
  sale_price: NumberInput;
  class_amount: NumberInput;
  expiration_days: NumberInput;
  class_package_types: VariantValues[];
  allowed_times: TimeWindowValues[];
  is_subscription: boolean;
  subscription_period: string;
  subscription_interval: NumberInput;
  is_trial: boolean;
  free_trial_length: NumberInput;
  is_special_event: boolean;
  limit_per_customer: NumberInput;
  purchase_limit: NumberInput;
  is_online: boolean;
  downloadable: boolean;
  file_url: string;
  image: string;
  receipt_file: string;
  home: boolean;
  active: boolean;
}

export const EMPTY_VARIANT: VariantValues = { class_type_id: '', class_amount: '', expiration_days: '' };

/** One allowed-time window of the form: ISO weekdays ticked, start and end as HH:mm. */
export interface TimeWindowValues {
  weekdays: number[];
  start: string;
  end: string;
}

/** A new window: weekdays, the hours an off-peak package usually has. */
export const EMPTY_TIME_WINDOW: TimeWindowValues = { weekdays: [1, 2, 3, 4, 5], start: '11:00', end: '16:00' };

const input = (value: number | string | null | undefined): NumberInput => value ?? '';

/** The form's starting values: the package's, or a new active one-off package. */
export function packageFormValues(p: ClassPackage | null): PackageFormValues {
  return {
    title: p?.title ?? '',
    short_description: p?.short_description ?? '',
    description: p?.description ?? '',
    price: input(p?.price),
    sale_price: input(p?.sale_price),
    class_amount: input(p?.class_amount),
    expiration_days: input(p?.expiration_days),
    class_package_types: (p?.class_package_types ?? []).map((entry) => ({
      class_type_id: String(entry.class_type_id),
      class_amount: entry.class_amount,
      expiration_days: input(entry.expiration_days),
    })),
    allowed_times: (p?.allowed_times ?? []).map((w) => ({ weekdays: [...w.weekdays], start: w.start, end: w.end })),
    is_subscription: p?.is_subscription ?? false,
    subscription_period: p?.subscription_period ?? '',
    subscription_interval: input(p?.subscription_interval),
    is_trial: p?.is_trial ?? false,
    free_trial_length: input(p?.free_trial_length),
    is_special_event: p?.is_special_event ?? false,
    limit_per_customer: input(p?.limit_per_customer),
    purchase_limit: input(p?.purchase_limit),
    is_online: p?.is_online ?? false,
    downloadable: p?.downloadable ?? false,
    file_url: p?.file_url ?? '',
    image: p?.image?.src ?? '',
    receipt_file: p?.receipt_file?.src ?? '',
    home: p?.home ?? false,
    active: (p?.status ?? 'active') === 'active',
  };
}

/** A required number: undefined when empty, so the schema says 'required' rather than 'not a number'. */
function requiredNumber(value: NumberInput): number | undefined {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? undefined : Number(value);
}

/** An optional number: empty clears it (null = no limit / no expiry, as the API's rules say). */
function nullableNumber(value: NumberInput): number | null {
  return requiredNumber(value) ?? null;
}

const nullableText = (value: string) => (value.trim() === '' ? null : value);
const nullableSrc = (value: string) => (value.trim() === '' ? null : { src: value.trim() });

/**
 * What POST or PUT sends, and what the API's schema validates before it goes.
 * Every field is sent (an edit replaces the whole package); fields of another
 * kind are sent cleared, so a package that stops being a subscription loses
 * its period instead of keeping a stale one.
 */
export function packageBody(values: PackageFormValues, id: number | null): Record<string, unknown> {
  const subscription = values.is_subscription;
  const trial = subscription && values.is_trial;
  const body: Record<string, unknown> = {
    title: values.title,
    short_description: nullableText(values.short_description),
    description: nullableText(values.description),
    price: requiredNumber(values.price),
    sale_price: nullableNumber(values.sale_price),
    class_amount: requiredNumber(values.class_amount),
    expiration_days: nullableNumber(values.expiration_days),
    // Online packages grant videos, never per-type class credits.
    class_package_types: values.is_online
      ? []
      : values.class_package_types.map((row) => ({
          class_type_id: requiredNumber(row.class_type_id),
          class_amount: requiredNumber(row.class_amount),
          expiration_days: nullableNumber(row.expiration_days),
        })),
    // Online packages grant videos, which have no class times; no windows = any time.
    allowed_times:
      values.is_online || values.allowed_times.length === 0
        ? null
        : values.allowed_times.map((w) => ({ weekdays: [...w.weekdays].sort((a, b) => a - b), start: w.start, end: w.end })),
    is_subscription: subscription,
    subscription_period: subscription ? values.subscription_period || null : null,
    subscription_interval: subscription ? nullableNumber(values.subscription_interval) : null,
    is_trial: trial,
    free_trial_length: trial ? nullableNumber(values.free_trial_length) : null,
    is_special_event: values.is_special_event,
    limit_per_customer: nullableNumber(values.limit_per_customer),
    purchase_limit: nullableNumber(values.purchase_limit),
    is_online: values.is_online,
    downloadable: values.downloadable,
    file_url: values.downloadable ? nullableText(values.file_url.trim()) : null,
    image: nullableSrc(values.image),
    receipt_file: nullableSrc(values.receipt_file),
    home: values.home,
    status: values.active ? 'active' : 'inactive',
  };
  return id === null ? body : { class_package_id: id, ...body };
}

/** The form's paths for the body's: image.src and receipt_file.src are single inputs named image and receipt_file. */
const FORM_PATH: Record<string, string> = { 'image.src': 'image', 'receipt_file.src': 'receipt_file', status: 'active' };

/**
 * Validates exactly what will be sent, with the API's schema, so the form
 * shows the API's own messages, each on its input (first message per field,
 * as formik's yupToFormErrors; nested rows keep their paths).
 */
export async function validateBody(schema: Schema, body: object): Promise<Record<string, unknown>> {
  try {
    await schema.validate(body, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    let errors: Record<string, unknown> = {};
    for (const e of error.inner.length > 0 ? error.inner : [error]) {
      const path = FORM_PATH[e.path ?? ''] ?? e.path ?? '';
      if (getIn(errors, path) === undefined) errors = setIn(errors, path, e.message) as Record<string, unknown>;
    }
    return errors;
  }
}
