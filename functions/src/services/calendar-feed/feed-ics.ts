import { REQUEST_SEQUENCE } from '../mail/booking-mail-content';
import { escapeText, eventLines, icsText, productId } from '../mail/calendar-invite';

/** What each event of the feed says; the text is already in Spanish. */
export interface FeedEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  description: string | null;
}

export interface FeedCalendar {
  /** The calendar's name (X-WR-CALNAME and RFC 7986 NAME). */
  name: string;
  description: string;
  /** PRODID's product name: the studio. */
  product: string;
  /** DTSTAMP of every event: when the feed was built. */
  stamp: Date;
  events: readonly FeedEvent[];
}

/** How often subscribers should fetch again: an hour (RFC 7986 REFRESH-INTERVAL, and Outlook's X-PUBLISHED-TTL). */
export const FEED_REFRESH = 'PT1H';

/**
 * The feed's .ics text (RFC 5545, METHOD:PUBLISH: events to show, not
 * invitations to answer). Each event has the shape of the booking e-mail's
 * invitation (calendar-invite.ts), the same UID and SEQUENCE included, minus
 * ORGANIZER and ATTENDEE: in a subscribed calendar those make some clients
 * treat the class as a meeting awaiting a reply.
 */
export function feedIcs(calendar: FeedCalendar): string {
  return icsText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId(calendar.product)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `NAME:${escapeText(calendar.name)}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `DESCRIPTION:${escapeText(calendar.description)}`,
    `X-WR-CALDESC:${escapeText(calendar.description)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}`,
    `X-PUBLISHED-TTL:${FEED_REFRESH}`,
    ...calendar.events.flatMap((event) => eventLines({ ...event, sequence: REQUEST_SEQUENCE, stamp: calendar.stamp, status: 'CONFIRMED' })),
    'END:VCALENDAR',
  ]);
}
