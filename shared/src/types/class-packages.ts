import type { AllowedTimeWindow } from '../schemas/allowed-times';
import type { PackageStatus, SubscriptionPeriod } from '../schemas/class-package';
import type { Wire } from './wire';

/** Per-class-type credits a package grants instead of (or besides) general credits. */
export interface ClassPackageTypeEntry {
  class_type_id: number;
  class_amount: number;
  expiration_days: number | null;
}

/**
 * class_packages/{class_package_id}; field names are the spec's. The stored
 * document also keeps its own `free_trial_period` and `class_package_types`
 * (the API names each entry's class type and derives the period).
 */
export interface ClassPackageFields {
  class_package_id: number;
  title: string;
  description: string | null;
  short_description: string | null;
  price: number;
  sale_price: number | null;
  /** -1 = unlimited. */
  class_amount: number;
  expiration_days: number | null;
  is_subscription: boolean;
  subscription_period: SubscriptionPeriod | null;
  subscription_interval: number | null;
  is_trial: boolean;
  free_trial_length: number | null;
  is_special_event: boolean;
  limit_per_customer: number | null;
  /** How many may be sold in all (checkout refuses the next one: 'límite de personas'); null or absent = no limit. */
  purchase_limit?: number | null;
  /** When the credits it grants may be used (an off-peak package), copied onto its lots; null, [] or absent = any time. */
  allowed_times?: AllowedTimeWindow[] | null;
  downloadable: boolean;
  file_url: string | null;
  /** Grants access to on-demand videos instead of in-person classes. */
  is_online: boolean;
  /** Shown in the landing page's packages section. */
  home: boolean;
  status: PackageStatus;
  image: { src: string } | null;
  /** Image shown on the order confirmation; absent on documents written before it existed (the API answers null). */
  receipt_file?: { src: string } | null;
  /**
   * Set when an admin deleted a package that had been sold (ADR 0020): it
   * keeps its document for history, is inactive and is listed nowhere; only
   * admins ever see such a package. Absent or null = not archived.
   */
  archivedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A class package on the wire: every field present, `package_id` as the id's alias. */
export type ClassPackage = Wire<Required<ClassPackageFields>> & {
  package_id: number;
  free_trial_period: 'day' | null;
  class_package_types: Array<
    ClassPackageTypeEntry & {
      /** Name and id of the class type, when it still exists. */
      class_type: { class_type_id: number; name: string } | null;
    }
  >;
};
