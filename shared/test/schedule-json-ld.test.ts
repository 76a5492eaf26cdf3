import { describe, expect, it } from 'vitest';
import { jsonLdText, scheduleJsonLd } from '../src/format/schedule-json-ld';
import type { SingleClass } from '../src/schemas/single-class';

function makeClass(overrides: Partial<SingleClass> = {}): SingleClass {
  return {
    single_class_id: 1,
    class_date: '2026-11-17T01:30:00.000Z',
    end_date: '2026-11-17T02:20:00.000Z',
    date: '2026-11-16',
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

const ctx = { businessName: 'Estudio Latido', tz: 'America/Mexico_City', now: new Date('2026-11-16T18:00:00Z'), origin: 'https://latido.mx' };

describe('schedule JSON-LD (process TZ is ' + (process.env.TZ ?? 'unset') + ')', () => {
  it('describes each upcoming class as an offline schema.org Event with offset dates', () => {
    const data = scheduleJsonLd([makeClass()], ctx);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Event',
          name: 'Cycling',
          startDate: '2026-11-16T19:30:00-06:00',
          endDate: '2026-11-16T20:20:00-06:00',
          eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
          eventStatus: 'https://schema.org/EventScheduled',
          location: { '@type': 'Place', name: 'Latido Roma', address: 'Av. Álvaro Obregón 120, CDMX' },
          organizer: { '@type': 'Organization', name: 'Estudio Latido', url: 'https://latido.mx' },
          performer: [{ '@type': 'Person', name: 'Sofía Ramos' }],
        },
      ],
    });
  });

  it("uses the studio's zone for the offset, whatever the machine's", () => {
    const data = scheduleJsonLd([makeClass()], { ...ctx, tz: 'Asia/Tokyo' }) as { '@graph': Array<{ startDate: string }> };
    expect(data['@graph'][0]?.startDate).toBe('2026-11-17T10:30:00+09:00');
  });

  it('leaves out classes that already started and marks cancelled ones', () => {
    const data = scheduleJsonLd(
      [
        makeClass({ single_class_id: 1, class_date: '2026-11-16T13:00:00.000Z', end_date: '2026-11-16T14:00:00.000Z' }),
        makeClass({ single_class_id: 2, status: 'cancelled' }),
      ],
      ctx,
    ) as { '@graph': Array<{ eventStatus: string }> };
    expect(data['@graph']).toHaveLength(1);
    expect(data['@graph'][0]?.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(scheduleJsonLd([makeClass({ class_date: '2026-11-16T13:00:00.000Z' })], ctx)).toBeNull();
  });

  it('escapes < so admin text cannot close the script element', () => {
    const text = jsonLdText(scheduleJsonLd([makeClass({ description: '</script><script>alert(1)</script>' })], ctx) ?? {});
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)['@graph'][0].description).toBe('</script><script>alert(1)</script>');
  });
});
