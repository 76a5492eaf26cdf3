import { describe, expect, it } from 'vitest';
import { foldLine, reservationIcs } from './reservation-ics';
import { makeReservation } from './reservation-test-data';

const unfold = (ics: string) =>
  ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);

describe('reservationIcs', () => {
  it("is the booking e-mail's event: same UID, UTC times, title, place and description", () => {
    const ics = reservationIcs({
      reservation: makeReservation(),
      studio: 'Estudio Latido',
      projectId: 'demo-studio',
      stamp: new Date('2026-11-12T10:00:00.000Z'),
    });
    expect(ics).not.toBeNull();
    expect(ics!.endsWith('\r\n')).toBe(true);
    const lines = unfold(ics!);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines).toContain('UID:reservation-1201@demo-studio');
    expect(lines).toContain('DTSTAMP:20261112T100000Z');
    expect(lines).toContain('DTSTART:20261119T013000Z');
    expect(lines).toContain('DTEND:20261119T022000Z');
    expect(lines).toContain('SUMMARY:Cycling — Estudio Latido');
    expect(lines).toContain('LOCATION:Latido Roma\\, Av. Álvaro Obregón 120\\, CDMX');
    expect(lines).toContain('DESCRIPTION:Reservación 1201 en Estudio Latido.');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
  });

  it("names a guest's reservation with the guest and falls back to 'studio' without a project", () => {
    const lines = unfold(
      reservationIcs({ reservation: makeReservation({ guest: 'Luis' }), studio: 'Latido', projectId: null, stamp: new Date('2026-11-12T10:00:00.000Z') })!,
    );
    expect(lines).toContain('UID:reservation-1201@studio');
    expect(lines).toContain('SUMMARY:Cycling (Luis) — Latido');
  });

  it('is null without the class', () => {
    expect(reservationIcs({ reservation: makeReservation({ single_class: null }), studio: 'x', projectId: null, stamp: new Date() })).toBeNull();
  });

  it('folds long lines at 75 octets without splitting accented letters or escapes', () => {
    const long = `DESCRIPTION:${'á'.repeat(40)}\\,${'b'.repeat(60)}`;
    const folded = foldLine(long);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});
