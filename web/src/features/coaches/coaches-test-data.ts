import type { Instructor } from '@studio/shared/types/catalogue';

/** Test fixture: an instructor as GET /instructors/{id} answers it. */
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
