/**
 * iCalendar (RFC 5545) invitations for the booking e-mails, sent with iTIP
 * methods (RFC 5546): REQUEST adds the class to the customer's calendar,
 * CANCEL with the same UID and a higher SEQUENCE removes it. Pure: the
 * caller passes every value, including the stamp time.
 */

export type CalendarMethod = 'REQUEST' | 'CANCEL';

export interface CalendarPerson {
  name: string | null;
  email: string;
}

export interface CalendarInvite {
  method: CalendarMethod;
  /** Globally unique and the same for the REQUEST and its CANCEL, or calendars keep both events. */
  uid: string;
  /** Revision of the event: a CANCEL must carry a higher one than the REQUEST it replaces. */
  sequence: number;
  /** When the invitation was made (DTSTAMP). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  description: string | null;
  organizer?: CalendarPerson | null;
  attendee?: CalendarPerson | null;
  /** PRODID's product name. */
  product: string;
}

/** The `contentType` an e-mail attachment of this method needs so mail clients offer "add to calendar". */
export const calendarContentType = (method: CalendarMethod) => `text/calendar; charset=utf-8; method=${method}`;

/** A UTC DATE-TIME (`20261201T130000Z`): no zone definitions needed, and every calendar shows it in the reader's zone. */
export function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT value escaping (RFC 5545 §3.3.11): backslash first, then `;` `,` and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A parameter value (e.g. CN): quoted when it holds `:` `;` or `,`; DQUOTE and
 * control characters cannot appear in one at all (§3.1), so they are dropped.
 */
function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

const LINE_OCTETS = 75;

/**
 * Folds a content line at 75 octets (§3.1): CRLF plus one space, never inside
 * a UTF-8 sequence (an accented letter is two octets, so counting characters
 * would overflow) nor inside a `\,`-style escape (legal, but some readers
 * unescape before unfolding). Continuation lines carry the space, so 74
 * octets of content.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = LINE_OCTETS;
  // A backslash in an escaped line always starts a two-character escape: keep the pair together.
  for (const unit of line.match(/\\.|[\s\S]/gu) ?? []) {
    const size = Buffer.byteLength(unit, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = LINE_OCTETS - 1;
    }
    current += unit;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function person(property: 'ORGANIZER' | 'ATTENDEE', who: CalendarPerson, extra: string): string {
  const cn = who.name ? `;CN=${paramValue(who.name)}` : '';
  return `${property}${cn}${extra}:mailto:${who.email}`;
}

/** One VEVENT's content lines (unfolded): what an invitation and the customer's calendar feed (services/calendar-feed) share. */
export type CalendarEvent = Omit<CalendarInvite, 'method' | 'product'> & { status: 'CONFIRMED' | 'CANCELLED' };

export function eventLines(event: CalendarEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.organizer) lines.push(person('ORGANIZER', event.organizer, ''));
  // RSVP=FALSE: the studio does not collect replies; the booking is the answer.
  if (event.attendee) lines.push(person('ATTENDEE', event.attendee, ';ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE'));
  lines.push('TRANSP:OPAQUE', 'END:VEVENT');
  return lines;
}

/** PRODID's value for the studio's product name (`//` would end the field early). */
export const productId = (product: string) => `-//${product.replace(/\/\//g, '/')}//Reservas//ES`;

/** Content lines to .ics text: CRLF line endings, folded lines, ending with CRLF. */
export const icsText = (lines: readonly string[]) => `${lines.map(foldLine).join('\r\n')}\r\n`;

/** The whole .ics text: CRLF line endings, folded lines, ending with CRLF. */
export function calendarInvite(invite: CalendarInvite): string {
  const { method, product, ...event } = invite;
  return icsText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId(product)}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...eventLines({ ...event, status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED' }),
    'END:VCALENDAR',
  ]);
}

/** Reverses folding (for tests and the local viewer): a CRLF followed by a space or tab continues the line. */
export function unfold(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}
