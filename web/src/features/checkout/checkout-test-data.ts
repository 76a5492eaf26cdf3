import type { CheckoutQuote } from '@studio/shared/schemas/checkout';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import { makeClassPackage } from '../../../test/package-fixtures';

/** Test data for the checkout's tests (not part of the app bundle: only tests import it). */
export function makePackage(overrides: Partial<ClassPackage> = {}): ClassPackage {
  return makeClassPackage({
    class_package_id: 2,
    title: 'Clase Suelta',
    description: '<p>Una clase <strong>presencial</strong>.</p><script>alert(1)</script>',
    short_description: 'Una clase presencial.',
    price: 220,
    class_amount: 1,
    image: { src: '/img/clase.jpg' },
    ...overrides,
  });
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
