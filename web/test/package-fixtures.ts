import type { ClassPackage } from '@studio/shared/types/class-packages';

/**
 * A class package as GET /class_packages answers it, shared by the tests of
 * the shop, the landing, the checkout and the admin packages: a one-off,
 * active, five classes for 30 days at 500 MXN; each test's own wrapper
 * overrides what it is about.
 */
export function makeClassPackage(overrides: Partial<ClassPackage> = {}): ClassPackage {
  const id = overrides.class_package_id ?? 1;
  return {
    class_package_id: id,
    package_id: id,
    title: 'Paquete',
    description: null,
    short_description: null,
    price: 500,
    sale_price: null,
    class_amount: 5,
    expiration_days: 30,
    is_subscription: false,
    subscription_period: null,
    subscription_interval: null,
    is_trial: false,
    free_trial_length: null,
    free_trial_period: null,
    is_special_event: false,
    limit_per_customer: null,
    purchase_limit: null,
    downloadable: false,
    file_url: null,
    is_online: false,
    home: false,
    status: 'active',
    image: null,
    receipt_file: null,
    archivedAt: null,
    class_package_types: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as ClassPackage;
}
