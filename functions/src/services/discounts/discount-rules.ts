import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { DEFAULT_TIMEZONE, studioDay } from '@studio/shared/format/dates';
import { packagesMessages } from '@studio/shared/messages/packages';
import { DISCOUNT_CODE_PATTERN, normalizeDiscountCode } from '@studio/shared/schemas/discount';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import type { ClassPackageDoc } from '../../data/repos/class-packages-repo';
import type { DiscountDoc } from '../../data/repos/discounts-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';

export interface DiscountSettings {
  enabled: boolean;
  timezone: string;
}

function knownZone(zone: unknown): string {
  if (typeof zone !== 'string' || zone === '') return DEFAULT_TIMEZONE;
  try {
    new Intl.DateTimeFormat('es-MX', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/** The config keys the rules read: discounts_enabled and the studio's time zone (an unknown zone falls back to the default). */
export async function readDiscountSettings(deps: Deps, tx?: Transaction): Promise<DiscountSettings> {
  const stored = await getStoredConfig(deps.store, tx);
  const enabled = stored.discounts_enabled ?? appConfigDefinitions.discounts_enabled.default;
  return { enabled: enabled !== false, timezone: knownZone(stored.timezone ?? appConfigDefinitions.timezone.default) };
}

export const invalidDiscount = () => new AppError('not-found', 'discounts/invalid', packagesMessages.discountInvalid);
const usedUp = (code: 'discounts/used-up' | 'discounts/used-up-by-customer') => new AppError('precondition', code, packagesMessages.discountUsedUp);

/** A code as typed becomes its stored form, or null when it cannot be any code (nothing is looked up). */
export function codeKey(code: string): string | null {
  const normalized = normalizeDiscountCode(code);
  return DISCOUNT_CODE_PATTERN.test(normalized) ? normalized : null;
}

/**
 * Inside the validity window: from the valid_from instant, through the end of
 * valid_until's calendar day in the studio's time zone (an admin who picks
 * "until 30 November" means the whole of that day at the studio, wherever the
 * server runs).
 */
export function isWithinValidity(discount: Pick<DiscountDoc, 'valid_from' | 'valid_until'>, now: Date, timezone: string): boolean {
  if (discount.valid_from && now.getTime() < discount.valid_from.getTime()) return false;
  if (discount.valid_until && studioDay(now, timezone) > studioDay(discount.valid_until, timezone)) return false;
  return true;
}

export interface UsabilityCheck {
  discount: DiscountDoc | null;
  pkg: ClassPackageDoc;
  customerUses: number;
  /** Uses claimed so far (discountUsesSoFar); defaults to the stored `times_used`. */
  timesUsed?: number;
  settings: DiscountSettings;
  now: Date;
}

/** The "not valid" reasons (404): unknown, archived, switched off, outside its dates, not for this package. */
export function assertDiscountApplies(check: Omit<UsabilityCheck, 'customerUses' | 'timesUsed'>): DiscountDoc {
  const { discount, pkg, settings, now } = check;
  if (!discount || discount.archivedAt || !settings.enabled) throw invalidDiscount();
  if (!isWithinValidity(discount, now, settings.timezone)) throw invalidDiscount();
  if (discount.class_package_ids.length > 0 && !discount.class_package_ids.includes(pkg.class_package_id)) throw invalidDiscount();
  return discount;
}

/** 412: every use of the code is claimed. */
export const discountUsedUp = () => usedUp('discounts/used-up');

/** 412 when this customer has used the code as often as it allows. */
export function assertCustomerMayUse(discount: DiscountDoc, customerUses: number): void {
  if (discount.limit_per_customer !== null && customerUses >= discount.limit_per_customer) throw usedUp('discounts/used-up-by-customer');
}

/**
 * Every reason a customer may not use a discount on a package, in order:
 * "not valid" (404: unknown, archived, switched off, outside its dates, not
 * for this package) before "used up" (412: overall, then by this customer).
 */
export function assertDiscountUsable(check: UsabilityCheck): DiscountDoc {
  const discount = assertDiscountApplies(check);
  const timesUsed = check.timesUsed ?? discount.times_used;
  if (discount.usage_limit !== null && timesUsed >= discount.usage_limit) throw discountUsedUp();
  assertCustomerMayUse(discount, check.customerUses);
  return discount;
}
