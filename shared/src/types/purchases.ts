import type { ClassPackageFields } from './class-packages';
import type { Wire } from './wire';

export type PurchaseStatus = 'active' | 'completed' | 'pending' | 'failed' | 'cancelled' | 'revoked';

/** The package as it was sold (copied at purchase time: later catalogue edits never change what was sold). */
export type PurchasedPackage = Pick<
  ClassPackageFields,
  | 'class_package_id'
  | 'title'
  | 'class_amount'
  | 'expiration_days'
  | 'is_subscription'
  | 'subscription_period'
  | 'subscription_interval'
  | 'is_online'
  | 'is_special_event'
  | 'is_trial'
  | 'free_trial_length'
>;

/** purchases/{purchase_id}: the fields the API shows (the server also keeps the buyer's uid and who granted it). */
export interface PurchaseFields {
  purchase_id: number;
  customer_id: number;
  class_package_id: number;
  class_package: PurchasedPackage;
  title: string;
  status: PurchaseStatus;
  total_payment: number;
  payment_method_id: number | null;
  payment_method: string | null;
  is_gift: boolean;
  bill: boolean;
  /** Where it came from: an admin grant or a checkout. */
  source: 'admin' | 'checkout';
  subscription_id: string | null;
  subscription_period: string | null;
  subscription_interval: number | null;
  free_trial_length: number | null;
  class_amount: number;
  expiration_days: number | null;
  createdAt: Date;
  updatedAt: Date;
  cancelledAt: Date | null;
  revokedAt: Date | null;
}

export type Purchase = Wire<PurchaseFields>;
