import type { RosterReservation } from '@studio/shared/schemas/class-roster';

/** Test data for the class screen's tests (not part of the app bundle: only tests import it). */
export const rosterPerson = (customer_id: number, name: string, last_name: string) => ({
  customer_id,
  name,
  last_name,
  email: `${name.toLowerCase()}@example.com`,
  phone: null,
  photo_src: null,
});

/** Ana López's paid reservation of spot 5 in class 1, unless overridden. */
export const makeRosterReservation = (overrides: Partial<RosterReservation>): RosterReservation => ({
  class_reservation_id: 501,
  single_class_id: 1,
  customer_id: 2,
  customer: rosterPerson(2, 'Ana', 'López'),
  status: 'Próxima',
  guest: null,
  spot: 5,
  attend: false,
  is_cash: false,
  is_paid: true,
  available_class_id: 40,
  source: 'customer',
  deletedAt: null,
  cancel_reason: null,
  createdAt: '2026-11-10T00:00:00.000Z',
  custom_values: {},
  ...overrides,
});
