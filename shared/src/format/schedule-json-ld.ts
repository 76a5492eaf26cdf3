/**
 * schema.org structured data for the public schedule (/calendario): each
 * upcoming class of the shown week as an Event, so search engines can list the
 * studio's classes. Dates carry the studio's UTC offset (schema.org asks for
 * ISO 8601 with an offset; a bare UTC 'Z' would read as the wrong local time).
 */
import type { SingleClass } from '../schemas/single-class';
import { studioIsoWithOffset } from './schedule-week';

export interface ScheduleJsonLdContext {
  /** The studio's name (config business_name): the organizer of every class. */
  businessName: string;
  /** The studio's IANA zone (config timezone). */
  tz: string;
  /** Classes that started before this instant are left out. */
  now: Date;
  /** Absolute site origin, e.g. https://estudio.mx; omitted when unknown. */
  origin?: string;
}

type JsonLd = Record<string, unknown>;

function instructorNames(c: SingleClass): string[] {
  return c.class_instructors.map(({ instructor }) => [instructor.name, instructor.last_name].filter(Boolean).join(' ')).filter((name) => name !== '');
}

/** One class as a schema.org Event. */
export function classEvent(c: SingleClass, ctx: ScheduleJsonLdContext): JsonLd {
  const name = c.class_type?.name ?? ctx.businessName;
  const performers = instructorNames(c);
  const organizer: JsonLd = { '@type': 'Organization', name: ctx.businessName, ...(ctx.origin ? { url: ctx.origin } : {}) };
  return {
    '@type': 'Event',
    name,
    startDate: studioIsoWithOffset(c.class_date, ctx.tz),
    endDate: studioIsoWithOffset(c.end_date, ctx.tz),
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: c.status === 'cancelled' ? 'https://schema.org/EventCancelled' : 'https://schema.org/EventScheduled',
    location: {
      '@type': 'Place',
      name: c.location?.name ?? ctx.businessName,
      address: c.location?.address ?? c.location?.name ?? ctx.businessName,
    },
    organizer,
    ...(performers.length > 0 ? { performer: performers.map((performer) => ({ '@type': 'Person', name: performer })) } : {}),
    ...(c.description ? { description: c.description } : {}),
  };
}

/** The week's classes that have not started yet, as one JSON-LD document ({@graph}), or null when there are none. */
export function scheduleJsonLd(classes: readonly SingleClass[], ctx: ScheduleJsonLdContext): JsonLd | null {
  const upcoming = classes.filter((c) => Date.parse(c.class_date) > ctx.now.getTime());
  if (upcoming.length === 0) return null;
  return { '@context': 'https://schema.org', '@graph': upcoming.map((c) => classEvent(c, ctx)) };
}

/** JSON for a <script type="application/ld+json">: '<' escaped so admin text can never close the script element. */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
