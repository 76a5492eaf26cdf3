import type { CheckoutQuote } from '@studio/shared/schemas/checkout';
import type { ClassPackage } from '@studio/shared/types/class-packages';

/** Test data for the checkout's tests (not part of the app bundle: only tests import it). */
export function makePackage(overrides: Partial<ClassPackage> = {}): ClassPackage {
  return {
    class_package_id: 2,
    package_id: 2,
    title: 'Clase Suelta',
    description: '<p>Una clase <strong>presencial</strong>.</p><script>alert(1)</script>',
    short_description: 'Una clase presencial.',
    price: 220,
    sale_price: null,
    class_amount: 1,
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
    image: { src: '/img/clase.jpg' },
    receipt_file: null,
    archivedAt: null,
    class_package_types: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as ClassPackage;
}

export function makeQuote(overrides: Partial<CheckoutQuote> = {}): CheckoutQuote {
  return {
    class_package_id: 2,
    list_price: 220,
    price: 220,
    discount_amount: 0,
    total_now: 220,
    is_free_offer: false,
    trial: null,
    renewal: null,
    signup_fee_required: null,
    ...overrides,
  };
}
