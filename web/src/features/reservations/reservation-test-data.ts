import type { AvailableClass } from '@studio/shared/schemas/access';
import type { ClassReservation } from '@studio/shared/schemas/class-reservation';
import { makeClass } from '../../../test/catalogue-fixtures';

/** Test fixtures of GET /class_reservations and GET /available_classes answers. */
export function makeReservation(overrides: Partial<ClassReservation> = {}): ClassReservation {
  return {
    class_reservation_id: 1201,
    single_class_id: 1,
    customer_id: 7,
    spot: 3,
    guest: null,
    is_cash: false,
    is_paid: true,
    attend: false,
    class_stars: null,
    coach_stars: null,
    comment: null,
    available_class_id: 40,
    deletedAt: null,
    cancel_reason: null,
    credit_returned: null,
    createdAt: '2026-11-10T18:00:00.000Z',
    status: 'Próxima',
    access_code: 'R1201-a1b2c3',
    single_class: makeClass(),
    ...overrides,
  };
}

export function makeLot(overrides: Partial<AvailableClass> = {}): AvailableClass {
  return {
    available_class_id: 40,
    customer_id: 7,
    purchase_id: 20,
    class_package_id: 2,
    available_classes: 4,
    initial_classes: 10,
    unlimited: false,
    expiration_date: '2026-12-31T05:59:59.999Z',
    expiration_day: '2026-12-30',
    class_type_id: null,
    class_types: [],
    allowed_times: null,
    is_online: false,
    status: 'active',
    usable: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
