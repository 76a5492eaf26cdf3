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
