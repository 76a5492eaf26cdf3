import type { Announcement } from '@studio/shared/types/catalogue';

export function makeAnnouncement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    announcement_id: 1,
    title: 'Nueva sede en Coyoacán',
    content: '<p>Ya abrimos <strong>Latido Coyoacán</strong>.</p>',
    // 03:00 UTC on 2 March is still 1 March in Mexico City.
    createdAt: '2026-03-02T03:00:00.000Z',
    updatedAt: '2026-03-02T03:00:00.000Z',
    ...overrides,
  };
}
