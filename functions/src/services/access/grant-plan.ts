import type { AllowedTimeWindow } from '@studio/shared/schemas/allowed-times';
import type { ClassPackageDoc } from '../../data/repos/class-packages-repo';
import type { AvailableClassDoc } from '../../data/repos/credits-repo';
import type { CustomerDoc } from '../../data/repos/customers-repo';
import type { PurchaseDoc } from '../../data/repos/purchases-repo';
import { expiryAfterDays } from '../credits/expiry';
import { UNLIMITED } from '../credits/ledger';

/** What planGrant reads of a package: the catalogue's, or the copy a purchase keeps of what was sold. */
export type GrantedPackage = Pick<ClassPackageDoc, 'is_online' | 'class_amount' | 'expiration_days' | 'allowed_times'> & {
  class_package_types?: ClassPackageDoc['class_package_types'];
};

/** One lot a package grants. */
export interface LotSpec {
  available_classes: number;
  expiration_date: Date | null;
  class_type_id: number | null;
  is_online: boolean;
  /** The package's allowed times (an off-peak package), carried into the lot; null = any time. */
  allowed_times?: AllowedTimeWindow[] | null;
}

/**
 * What a package grants. An online package grants one online membership
 * (videos; no class count). Otherwise: general credits of class_amount (none
 * when it is 0, e.g. an enrollment fee) plus one lot per class_package_types
 * entry. Expiry: the admin's package_days when given, else the entry's own
 * expiration_days, else the package's; null days = no expiry. A package's
 * allowed times go into each of its in-person lots.
 */
export function planGrant(pkg: GrantedPackage, packageDays: number | null | undefined, now: Date, tz: string): LotSpec[] {
  const expiry = (days: number | null | undefined) => {
    const effective = packageDays ?? days ?? null;
    return effective === null ? null : expiryAfterDays(now, effective, tz);
  };
  if (pkg.is_online) return [{ available_classes: UNLIMITED, expiration_date: expiry(pkg.expiration_days), class_type_id: null, is_online: true }];
  const lots: LotSpec[] = [];
  const allowedTimes = pkg.allowed_times && pkg.allowed_times.length > 0 ? { allowed_times: pkg.allowed_times } : {};
  if (pkg.class_amount !== 0)
    lots.push({ available_classes: pkg.class_amount, expiration_date: expiry(pkg.expiration_days), class_type_id: null, is_online: false, ...allowedTimes });
  for (const entry of pkg.class_package_types ?? []) {
    if (entry.class_amount === 0) continue;
    lots.push({
      available_classes: entry.class_amount,
      expiration_date: expiry(entry.expiration_days ?? pkg.expiration_days),
      class_type_id: entry.class_type_id,
      is_online: false,
      ...allowedTimes,
    });
  }
  return lots;
}

export function lotFromSpec(
  spec: LotSpec,
  id: number,
  customer: Pick<CustomerDoc, 'customer_id' | 'uid'>,
  purchase: Pick<PurchaseDoc, 'purchase_id' | 'class_package_id'>,
  now: Date,
): AvailableClassDoc {
  return {
    available_class_id: id,
    customer_id: customer.customer_id,
    uid: customer.uid,
    purchase_id: purchase.purchase_id,
    class_package_id: purchase.class_package_id,
    available_classes: spec.available_classes,
    initial_classes: spec.available_classes,
    expiration_date: spec.expiration_date,
    class_type_id: spec.class_type_id,
    class_types: spec.class_type_id === null ? [] : [spec.class_type_id],
    allowed_times: spec.allowed_times ?? null,
    is_online: spec.is_online,
    status: 'active',
    cancels_used: 0,
    createdAt: now,
    updatedAt: now,
  };
}

/** The package as sold, copied onto the purchase: later catalogue edits never change what was sold. */
export function soldPackage(pkg: ClassPackageDoc): PurchaseDoc['class_package'] {
  return {
    class_package_id: pkg.class_package_id,
    title: pkg.title,
    class_amount: pkg.class_amount,
    expiration_days: pkg.expiration_days,
    is_subscription: pkg.is_subscription,
    subscription_period: pkg.subscription_period,
    subscription_interval: pkg.subscription_interval,
    is_online: pkg.is_online,
    is_special_event: pkg.is_special_event,
    is_trial: pkg.is_trial,
    free_trial_length: pkg.free_trial_length,
    class_package_types: pkg.class_package_types.map((entry) => ({ ...entry })),
    // Whether the buyer has material to download (GET /purchases/{id}/download); the link itself stays on the package.
    downloadable: pkg.downloadable,
    ...(pkg.allowed_times && pkg.allowed_times.length > 0 ? { allowed_times: pkg.allowed_times } : {}),
  };
}

/** What the customer pays: the sale price when the package has one. */
export const packagePrice = (pkg: ClassPackageDoc) => (pkg.sale_price !== null && pkg.sale_price !== undefined ? pkg.sale_price : pkg.price);

export interface AdminPurchaseInput {
  purchaseId: number;
  customer: Pick<CustomerDoc, 'customer_id' | 'uid'>;
  pkg: ClassPackageDoc;
  /** The admin's override of the package's expiry, if any. */
  packageDays: number | null;
  isGift: boolean;
  bill: boolean;
  paymentMethod: { id: number; name: string } | null;
  grantedBy: string;
  now: Date;
}

/**
 * A grant recorded by the studio (a gift, or a sale taken at the front desk).
 * It is one-off even for a subscription package: there is no recurring charge
 * behind it, so its status is 'completed' and it has no subscription fields
 * (ADR 0040). Access lasts as long as its lots.
 */
export function adminPurchase(input: AdminPurchaseInput): PurchaseDoc {
  const { pkg } = input;
  const price = input.isGift ? 0 : packagePrice(pkg);
  return {
    purchase_id: input.purchaseId,
    customer_id: input.customer.customer_id,
    uid: input.customer.uid,
    class_package_id: pkg.class_package_id,
    class_package: soldPackage(pkg),
    title: pkg.title,
    status: 'completed',
    total_payment: price,
    payment_method_id: input.paymentMethod?.id ?? null,
    payment_method: input.paymentMethod?.name ?? null,
    is_gift: input.isGift,
    bill: input.bill,
    source: 'admin',
    granted_by: input.grantedBy,
    subscription_id: null,
    subscription_period: null,
    subscription_interval: null,
    free_trial_length: null,
    class_amount: pkg.class_amount,
    expiration_days: input.packageDays ?? pkg.expiration_days,
    checkout_method: null,
    subtotal: price,
    discount: null,
    pay_by: null,
    payment_instructions: null,
    paid_at: null,
    cancel_reason: null,
    createdAt: input.now,
    updatedAt: input.now,
    cancelledAt: null,
    revokedAt: null,
  };
}
