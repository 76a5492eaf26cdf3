import { formatStudioDate } from '@studio/shared/format/dates';
import { fill } from '@studio/shared/messages';
import { mailMessages } from '@studio/shared/messages/mail';
import type { MailAttachment, MailDoc, MailKind } from '../../data/repos/mail-repo';
import type { RefundKind, ReservationRefund } from '../../data/repos/reservations-repo';
import type { WaitlistEndReason } from '../../data/repos/waitlists-repo';
import { calendarContentType, calendarInvite, type CalendarMethod } from './calendar-invite';

const m = mailMessages;

/** Everything an e-mail says about the class and who it is for, read by the handler. */
export interface MailFacts {
  studio: string;
  /** The studio's address (config `email`), the invitation's ORGANIZER; null leaves it out. */
  studioEmail: string | null;
  tz: string;
  customerName: string | null;
  customerEmail: string;
  classTypeName: string | null;
  locationName: string | null;
  locationAddress: string | null;
  start: Date;
  end: Date;
  /** Now: the invitation's DTSTAMP. */
  stamp: Date;
  /** The site's origin (configured domain, else the deployment's site; never a request header); null when unknown. */
  siteOrigin?: string | null;
}

/**
 * The customer's reservations page in the SPA (web/src/lib/paths.ts
 * myReservations), where a booking is seen and cancelled.
 */
export const MY_RESERVATIONS_PATH = '/mystudio/reservaciones';

export interface ReservationMailSpec {
  kind: Exclude<MailKind, 'waitlist-closed'>;
  reservationId: number;
  spot: number | null;
  guest: string | null;
  /** Who cancelled (kind 'cancelled'). */
  cancelledBy?: 'customer' | 'admin';
  refund?: ReservationRefund | null;
  /** The studio's reason for cancelling the class (kind 'class-cancelled'). */
  classCancelReason?: string | null;
  /** The calendar event's UID: the same for the booking and its cancellation. */
  eventUid: string;
}

export interface WaitlistMailSpec {
  endReason: WaitlistEndReason | null;
}

/** SEQUENCE of the REQUEST; the CANCEL carries a higher one so calendars apply it. */
export const REQUEST_SEQUENCE = 0;
export const CANCEL_SEQUENCE = 1;

const ICS_FILENAME = 'clase.ics';

/** Escapes text for HTML element content and attribute values: names, reasons and addresses are user input. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

function placeholders(facts: MailFacts): Record<string, string> {
  return {
    studio: facts.studio,
    class_type: facts.classTypeName ?? m.fallbackClassType,
    date: formatStudioDate(facts.start, facts.tz, m.subjectDateFormat),
  };
}

/** Label/value rows of the class, in the order both bodies show them. */
function detailRows(facts: MailFacts, spot: number | null, guest: string | null): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    [m.details.class, facts.classTypeName ?? m.fallbackClassType],
    [m.details.date, formatStudioDate(facts.start, facts.tz, m.dateFormat)],
    [m.details.time, formatStudioDate(facts.start, facts.tz, m.timeFormat)],
    [m.details.location, facts.locationName ?? m.fallbackLocation],
  ];
  if (facts.locationAddress) rows.push([m.details.address, facts.locationAddress]);
  if (spot !== null) rows.push([m.details.spot, String(spot)]);
  if (guest) rows.push([m.details.guest, guest]);
  return rows;
}

/** An e-mail's body: paragraphs, label/value rows, an optional closing line (every e-mail of the app has this shape). */
export interface MailBody {
  paragraphs: string[];
  rows: Array<[string, string]>;
  /** A sentence and the link it leads to, after the rows (text: the URL on its own line). */
  action?: { intro: string; label: string; url: string } | null;
  closing: string | null;
}

/** Who it greets and whose signature it carries. */
type MailVoice = Pick<MailFacts, 'studio' | 'customerName'>;

export function renderMailText(facts: MailVoice, body: MailBody): string {
  const greeting = facts.customerName ? fill(m.greeting, { name: facts.customerName }) : m.greetingNoName;
  const parts = [greeting, ...body.paragraphs, body.rows.map(([label, value]) => `${label}: ${value}`).join('\n')];
  if (body.action) parts.push(`${body.action.intro}\n${body.action.url}`);
  if (body.closing) parts.push(body.closing);
  parts.push(fill(m.signature, { studio: facts.studio }));
  return `${parts.join('\n\n')}\n`;
}

export function renderMailHtml(facts: MailVoice, body: MailBody): string {
  const greeting = facts.customerName ? fill(m.greeting, { name: facts.customerName }) : m.greetingNoName;
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  const rows = body.rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:4px 16px 4px 0;color:#6b6878">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:600">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return [
    '<!doctype html>',
    '<html lang="es"><body style="margin:0;padding:24px;background:#f7f5f2;font-family:Helvetica,Arial,sans-serif;color:#1f1d2b;font-size:15px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(facts.studio)}</h1>`,
    p(greeting),
    ...body.paragraphs.map(p),
    `<table style="border-collapse:collapse;margin:0 0 16px">${rows}</table>`,
    body.action
      ? `${p(body.action.intro)}<p style="margin:0 0 16px"><a href="${escapeHtml(body.action.url)}" style="color:#d9485f;font-weight:600">${escapeHtml(body.action.label)}</a></p>`
      : '',
    body.closing ? p(body.closing) : '',
    p(fill(m.signature, { studio: facts.studio })),
    '</div></body></html>',
  ].join('');
}

function refundSentence(refund: ReservationRefund | null | undefined): string | null {
  const kind: RefundKind | undefined = refund?.kind;
  if (refund?.note === 'lot-expired') return m.creditReturnedExpired;
  if (kind === 'credit-returned' || kind === 'credit-replaced' || kind === 'unlimited') return m.creditReturned;
  if (refund?.note === 'late-cancel') return m.lateCancel;
  if (refund?.note === 'cash' || refund?.note === 'lot-missing' || refund?.note === 'lot-revoked') return m.contactStudio;
  return null;
}

function invite(facts: MailFacts, spec: ReservationMailSpec, method: CalendarMethod): MailAttachment {
  const values = { ...placeholders(facts), guest: spec.guest ?? '', id: spec.reservationId };
  const location = [facts.locationName, facts.locationAddress].filter((part): part is string => Boolean(part)).join(', ');
  const content = calendarInvite({
    method,
    uid: spec.eventUid,
    sequence: method === 'CANCEL' ? CANCEL_SEQUENCE : REQUEST_SEQUENCE,
    stamp: facts.stamp,
    start: facts.start,
    end: facts.end,
    summary: fill(spec.guest ? m.calendar.guestSummary : m.calendar.summary, values),
    location: location || null,
    description: fill(m.calendar.description, values),
    organizer: facts.studioEmail ? { name: facts.studio, email: facts.studioEmail } : null,
    attendee: { name: facts.customerName, email: facts.customerEmail },
    product: facts.studio,
  });
  return { filename: ICS_FILENAME, content, contentType: calendarContentType(method) };
}

/** Subject, bodies and invitation of an e-mail about one reservation. */
export function reservationMessage(facts: MailFacts, spec: ReservationMailSpec): MailDoc['message'] {
  const values = placeholders(facts);
  const rows = detailRows(facts, spec.spot, spec.guest);
  let subject: string;
  const paragraphs: string[] = [];
  const cancelling = spec.kind !== 'booked' && spec.kind !== 'promoted';
  if (spec.kind === 'booked' || spec.kind === 'promoted') {
    subject = fill(spec.kind === 'promoted' ? m.subjects.promoted : m.subjects.booked, values);
    paragraphs.push(spec.kind === 'promoted' ? m.promoted : m.booked);
  } else if (spec.kind === 'cancelled') {
    const byAdmin = spec.cancelledBy === 'admin';
    subject = fill(byAdmin ? m.subjects.cancelledByAdmin : m.subjects.cancelled, values);
    paragraphs.push(byAdmin ? m.cancelledByAdmin : m.cancelledByCustomer);
  } else {
    subject = fill(m.subjects.classCancelled, values);
    paragraphs.push(
      spec.classCancelReason ? `${m.classCancelled} ${sentence(fill(m.classCancelledReason, { reason: spec.classCancelReason }))}` : m.classCancelled,
    );
  }
  const refund = cancelling ? refundSentence(spec.refund) : null;
  if (refund) paragraphs.push(refund);
  // A place held: the way to see or cancel it. Without a known site, the sentence alone (no localhost link).
  let action: MailBody['action'] = null;
  if (!cancelling && facts.siteOrigin) action = { intro: m.manageBooking, label: m.manageBookingLink, url: `${facts.siteOrigin}${MY_RESERVATIONS_PATH}` };
  else if (!cancelling) paragraphs.push(m.manageBookingNoLink);
  const body: MailBody = { paragraphs, rows, action, closing: cancelling ? m.calendarCancelHint : m.calendarHint };
  return {
    subject,
    html: renderMailHtml(facts, body),
    text: renderMailText(facts, body),
    attachments: [invite(facts, spec, cancelling ? 'CANCEL' : 'REQUEST')],
  };
}

/** Subject and bodies of the e-mail saying a customer's waitlist entry closed (no invitation: nothing was in their calendar). */
export function waitlistClosedMessage(facts: MailFacts, spec: WaitlistMailSpec): MailDoc['message'] {
  const values = placeholders(facts);
  const classCancelled = spec.endReason === 'class-cancelled';
  const body: MailBody = {
    paragraphs: [classCancelled ? m.waitlistClassCancelled : m.waitlistCutoff],
    rows: detailRows(facts, null, null),
    closing: null,
  };
  return {
    subject: fill(classCancelled ? m.subjects.waitlistClassCancelled : m.subjects.waitlistClosed, values),
    html: renderMailHtml(facts, body),
    text: renderMailText(facts, body),
  };
}
