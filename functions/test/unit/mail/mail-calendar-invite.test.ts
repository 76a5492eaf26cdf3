import { describe, expect, it } from 'vitest';
import { calendarContentType, type CalendarInvite, calendarInvite, escapeText, foldLine, icsUtc, unfold } from '../../../src/services/mail/calendar-invite';

const base: CalendarInvite = {
  method: 'REQUEST',
  uid: 'reservation-1001@demo-studio',
  sequence: 0,
  stamp: new Date('2026-11-22T18:00:00.123Z'),
  start: new Date('2026-12-01T13:00:00Z'),
  end: new Date('2026-12-01T13:50:00Z'),
  summary: 'Yoga Vinyasa — Estudio Latido',
  location: 'Latido Roma, Álvaro Obregón 120',
  description: 'Reservación 1001 en Estudio Latido.',
  organizer: { name: 'Estudio Latido', email: 'hola@estudiolatido.mx' },
  attendee: { name: 'Ana', email: 'ana@example.com' },
  product: 'Estudio Latido',
};

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('calendar invitations (RFC 5545)', () => {
  it('writes UTC times, CRLF line endings and the event fields', () => {
    const ics = calendarInvite(base);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        'METHOD:REQUEST',
        'UID:reservation-1001@demo-studio',
        'DTSTAMP:20261122T180000Z',
        'DTSTART:20261201T130000Z',
        'DTEND:20261201T135000Z',
        'SEQUENCE:0',
        'STATUS:CONFIRMED',
        'SUMMARY:Yoga Vinyasa — Estudio Latido',
        'LOCATION:Latido Roma\\, Álvaro Obregón 120',
        'ORGANIZER;CN=Estudio Latido:mailto:hola@estudiolatido.mx',
      ]),
    );
    expect(icsUtc(new Date('2026-03-08T07:05:09Z'))).toBe('20260308T070509Z');
    expect(calendarContentType('CANCEL')).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });

  it('escapes backslash, semicolon, comma and newlines in text values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const ics = calendarInvite({ ...base, summary: 'Spin; HIIT, fuerte\\suave', description: 'línea 1\nlínea 2' });
    const lines = unfold(ics);
    expect(lines).toContain('SUMMARY:Spin\\; HIIT\\, fuerte\\\\suave');
    expect(lines).toContain('DESCRIPTION:línea 1\\nlínea 2');
  });

  it('folds lines longer than 75 octets without splitting a UTF-8 character, and unfolding restores them', () => {
    const long = `DESCRIPTION:${'ñá'.repeat(60)}`;
    const folded = foldLine(long);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const line of physical) expect(octets(line)).toBeLessThanOrEqual(75);
    for (const line of physical.slice(1)) expect(line.startsWith(' ')).toBe(true);
    // No replacement characters: every piece is valid UTF-8 on its own.
    for (const line of physical) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    expect(unfold(`${folded}\r\n`)).toEqual([long]);
    expect(foldLine('SHORT:ok')).toBe('SHORT:ok');
    // An escape sitting on the boundary moves to the next line whole.
    const escaped = foldLine(`LOCATION:${'a'.repeat(65)}\\,b`);
    expect(escaped).toBe(`LOCATION:${'a'.repeat(65)}\r\n \\,b`);
    const ics = calendarInvite({ ...base, description: 'x'.repeat(300) });
    for (const line of ics.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it('a CANCEL keeps the UID, raises the SEQUENCE and marks the event cancelled', () => {
    const request = unfold(calendarInvite(base));
    const cancel = unfold(calendarInvite({ ...base, method: 'CANCEL', sequence: 1 }));
    const field = (lines: string[], name: string) => lines.find((l) => l.startsWith(`${name}:`));
    expect(field(cancel, 'UID')).toBe(field(request, 'UID'));
    expect(field(cancel, 'METHOD')).toBe('METHOD:CANCEL');
    expect(field(cancel, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(Number(field(cancel, 'SEQUENCE')?.split(':')[1])).toBeGreaterThan(Number(field(request, 'SEQUENCE')?.split(':')[1]));
  });

  it('quotes parameter values with separators and drops characters a parameter cannot hold', () => {
    const lines = unfold(calendarInvite({ ...base, attendee: { name: 'Pérez, "Ana"; M', email: 'ana@example.com' } }));
    expect(lines.find((l) => l.startsWith('ATTENDEE'))).toBe(
      'ATTENDEE;CN="Pérez, Ana; M";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:ana@example.com',
    );
  });
});
