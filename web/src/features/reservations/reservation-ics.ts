import { fill } from '@studio/shared/messages';
import { mailMessages } from '@studio/shared/messages/mail';
import type { ClassReservation } from '@studio/shared/schemas/class-reservation';
import { offerDownload } from '../../lib/download';

/**
 * 'Agregar a mi calendario': one reservation as an iCalendar file (RFC 5545),
 * made in the browser. The event is the booking e-mail's and the calendar
 * feed's (functions/src/services/mail/calendar-invite.ts): the same UID
 * (`reservation-<id>@<project>`), title, place and description, so adding the
 * class from here, the e-mail or the feed gives one event. Pure: the caller
 * passes the stamp time.
 */
export interface ReservationIcsInput {
  reservation: ClassReservation;
  /** business_name. */
  studio: string;
  /** The Firebase project id (appconfig firebaseConfig.projectId), as the server names the UIDs; 'studio' when unknown. */
  projectId: string | null;
  stamp: Date;
}

const encoder = new TextEncoder();

/** A UTC DATE-TIME (`20261201T130000Z`). */
export function icsUtc(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** TEXT escaping (§3.3.11): backslash first, then `;` `,` and newlines. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds at 75 octets (§3.1), never inside a UTF-8 sequence or a `\,`-style escape. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const unit of line.match(/\\.|[\s\S]/gu) ?? []) {
    const size = encoder.encode(unit).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74;
    }
    current += unit;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');

/** The .ics text of one reservation, or null when its class is unknown. */
export function reservationIcs({ reservation: r, studio, projectId, stamp }: ReservationIcsInput): string | null {
  const cls = r.single_class;
  if (!cls) return null;
  const values = {
    studio,
    class_type: text(cls.class_type?.name) || mailMessages.fallbackClassType,
    guest: r.guest ?? '',
    id: r.class_reservation_id,
  };
  const place = [text(cls.location?.name), text(cls.location?.address)].filter(Boolean).join(', ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${studio.replace(/\/\//g, '/')}//Reservas//ES`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:reservation-${r.class_reservation_id}@${projectId || 'studio'}`,
    `DTSTAMP:${icsUtc(stamp)}`,
    `DTSTART:${icsUtc(new Date(cls.class_date))}`,
    `DTEND:${icsUtc(new Date(cls.end_date))}`,
    'SEQUENCE:0',
    'STATUS:CONFIRMED',
    `SUMMARY:${escapeText(fill(r.guest ? mailMessages.calendar.guestSummary : mailMessages.calendar.summary, values))}`,
  ];
  if (place) lines.push(`LOCATION:${escapeText(place)}`);
  lines.push(`DESCRIPTION:${escapeText(fill(mailMessages.calendar.description, values))}`, 'TRANSP:OPAQUE', 'END:VEVENT', 'END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** Offers the text as a file download (a Blob URL on a temporary link). */
export function downloadIcs(ics: string, fileName: string): void {
  offerDownload(new Blob([ics], { type: 'text/calendar;charset=utf-8' }), fileName);
}
