import type { AvailableClass } from '@studio/shared/schemas/access';
import type { SingleClass } from '@studio/shared/schemas/single-class';
import type { CustomField, Instructor, Location } from '@studio/shared/types/catalogue';

/** Test fixtures of catalogue answers shared by several features' tests (GET /single_class, /locations, /instructors). */
export function makeClass(overrides: Partial<SingleClass> = {}): SingleClass {
  return {
    single_class_id: 1,
    class_date: '2026-11-19T01:30:00.000Z',
    end_date: '2026-11-19T02:20:00.000Z',
    date: '2026-11-18',
    start_time: '19:30',
    duration_minutes: 50,
    description: null,
    capacity: 12,
    booked: 3,
    spots_left: 9,
    spot_map: null,
    status: 'scheduled',
    cancelledAt: null,
    cancel_reason: null,
    class_type_id: 1,
    location_id: 1,
    class_category_id: null,
    class_package_id: null,
    series_id: null,
    icon: null,
    class_type: { class_type_id: 1, name: 'Cycling', icon: null, description: null, spot_map: null, file: null },
    location: { location_id: 1, name: 'Latido Roma', address: 'Av. Álvaro Obregón 120, CDMX' },
    class_instructors: [
      { instructor_id: 4, instructor: { instructor_id: 4, name: 'Sofía', nick_name: null, last_name: 'Ramos', birthdate: null, file: null } },
    ],
    tags: [],
    ...overrides,
  };
}

export function makeLocation(overrides: Partial<Location> = {}): Location {
  return {
    location_id: 1,
    name: 'Latido Roma',
    address: 'Av. Álvaro Obregón 120, Roma Norte, CDMX',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeInstructor(overrides: Partial<Instructor> = {}): Instructor {
  return {
    instructor_id: 4,
    name: 'Sofía',
    last_name: 'Ramos',
    nick_name: null,
    quote: 'Cada pedalazo cuenta.',
    short_bio: 'Coach de cycling desde 2018.',
    instagram: '@sofiaramos',
    birthdate: null,
    music_type: null,
    file: { name: 'sofia.jpg', type: 'image/jpeg', src: '/api/files/raw/sofia.jpg' },
    home: true,
    home_order: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** GET /available_classes: one usable in-person lot with 4 classes left (the balance, the calendar's Comprar, Créditos). */
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

/** The seed's booking question (a custom field of 'class_reservation', ADR 0115), required here. */
export function makeBookingQuestion(overrides: Partial<CustomField> = {}): CustomField {
  return {
    custom_field_id: 1,
    key: 'notas',
    label: '¿Algo que debamos saber para tu clase?',
    type: 'textarea',
    object: 'class_reservation',
    required: true,
    options: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  } as CustomField;
}
