import type { CheckInByCodeResult, CheckInLookup } from '@studio/shared/schemas/class-roster';

/** Ana's reservation 123 in Tuesday's 07:00 cycling class (13:00Z), spot 7, check-in open. */
export function makeLookup(overrides: Partial<CheckInLookup> = {}): CheckInLookup {
  return {
    class_reservation_id: 123,
    code_valid: true,
    customer: { customer_id: 7, name: 'Ana', last_name: 'López', email: 'ana@example.com', phone: '5512345678', photo_src: null },
    single_class: {
      single_class_id: 40,
      class_date: '2026-12-01T13:00:00.000Z',
      end_date: '2026-12-01T13:50:00.000Z',
      status: 'scheduled',
      class_type: { class_type_id: 1, name: 'Indoor Cycling' },
      location: { location_id: 1, name: 'Latido Roma' },
      instructors: [{ instructor_id: 1, name: 'Mar' }],
    },
    spot: 7,
    guest: null,
    status: 'Próxima',
    attend: false,
    cancelled: false,
    check_in_open: true,
    check_in_opens_at: '2026-12-01T12:00:00.000Z',
    check_in_closes_at: '2026-12-02T01:50:00.000Z',
    custom_values: {},
    ...overrides,
  };
}

export function makeCheckInResult(overrides: Partial<CheckInByCodeResult> = {}): CheckInByCodeResult {
  const lookup = makeLookup({ attend: true, status: 'Exitosa' });
  return {
    ...lookup,
    class_reservation: {
      class_reservation_id: 123,
      single_class_id: 40,
      customer_id: 7,
      customer: lookup.customer,
      status: 'Exitosa',
      guest: null,
      spot: 7,
      attend: true,
      is_cash: false,
      is_paid: true,
      available_class_id: 101,
      source: 'customer',
      deletedAt: null,
      cancel_reason: null,
      createdAt: '2026-11-20T12:00:00.000Z',
      custom_values: {},
    },
    changed: true,
    penalties_lifted: [],
    penalties_issued: [],
    ...overrides,
  };
}
