import type { MyClassReservation, SingleClass } from '@studio/shared/schemas/single-class';
import { describe, expect, it } from 'vitest';
import { makeClass, makeLot } from '../../../test/catalogue-fixtures';
import type { CancelSettings } from '../../lib/cancel-rules';
import { type CardActions, cardActions, type CardContext, cardState, guestGoingAlong, isClassFull, lotEndBeforeClass } from './calendar-rules';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

// The fixture class starts at 2026-11-19T01:30Z (19:30 on Wednesday 18 Nov in Mexico City).
const START = Date.parse('2026-11-19T01:30:00.000Z');

/** The studio's defaults: cancel up to 12 hours before and get the credit back, late cancels allowed. */
const SETTINGS: CancelSettings = { allowCancel: true, allowLate: true, value: 12, unit: 'hours', maxCancels: null };

function ctx(overrides: Partial<CardContext> = {}): CardContext {
  return {
    now: START - 24 * HOUR,
    signedIn: true,
    guestsEnabled: true,
    waitlistEnabled: true,
    waitlistCutoffMinutes: 120,
    settings: SETTINGS,
    hasCredits: true,
    lots: [makeLot()],
    ...overrides,
  };
}

const NOTHING: CardActions = { book: false, buy: false, waitlist: false, waiting: null, cancelOwn: null, cancelGuest: null, guest: false, lotEnds: null };

const own: MyClassReservation = { class_reservation_id: 501, spot: 4, guest: null, status: 'Próxima', attend: false };
const guestPlace: MyClassReservation = { class_reservation_id: 502, spot: 5, guest: 'Luis', status: 'Próxima', attend: false };

const full = (overrides: Partial<SingleClass> = {}) => makeClass({ booked: 12, spots_left: 0, ...overrides });

describe('isClassFull (customer-area §4 "Class full")', () => {
  it('counts a class with spots left as not full', () => {
    expect(isClassFull({ capacity: 12, spots_left: 9 })).toBe(false);
    expect(isClassFull({ capacity: 1, spots_left: 1 })).toBe(false);
  });

  it('counts nothing left, or less than nothing, as full', () => {
    expect(isClassFull({ capacity: 12, spots_left: 0 })).toBe(true);
    expect(isClassFull({ capacity: 12, spots_left: -2 })).toBe(true);
  });

  it('counts a missing capacity as full, whatever spots_left says', () => {
    expect(isClassFull({ capacity: null as unknown as number, spots_left: 5 })).toBe(true);
    expect(isClassFull({ capacity: undefined as unknown as number, spots_left: 5 })).toBe(true);
    expect(isClassFull({ spots_left: 5 } as Pick<SingleClass, 'capacity' | 'spots_left'>)).toBe(true);
  });

  it('counts missing data as full', () => {
    expect(isClassFull(null)).toBe(true);
    expect(isClassFull(undefined)).toBe(true);
    expect(isClassFull({ capacity: 12, spots_left: undefined as unknown as number })).toBe(true);
    expect(isClassFull({ capacity: 12, spots_left: null as unknown as number })).toBe(true);
    expect(isClassFull({ capacity: 12, spots_left: '3' as unknown as number })).toBe(true);
  });
});

describe('cardState (legend: Disponible / Reservada / Sin Lugares)', () => {
  it('is available while spots are left', () => {
    expect(cardState(makeClass())).toBe('available');
    expect(cardState(makeClass({ my_reservations: [] }))).toBe('available');
  });

  it('is full when nothing is left', () => {
    expect(cardState(full())).toBe('full');
    expect(cardState(makeClass({ capacity: null as unknown as number }))).toBe('full');
  });

  it("is reserved when the customer has a place, even in a full class, and even when it is only their guest's", () => {
    expect(cardState(makeClass({ my_reservations: [own] }))).toBe('reserved');
    expect(cardState(full({ my_reservations: [own] }))).toBe('reserved');
    expect(cardState(full({ my_reservations: [guestPlace] }))).toBe('reserved');
  });
});

describe('cardActions (customer-area §2 buttons)', () => {
  describe('a class that cannot be booked any more offers nothing', () => {
    it('a class cancelled by the studio', () => {
      expect(cardActions(makeClass({ status: 'cancelled' }), ctx())).toEqual(NOTHING);
      expect(cardActions(makeClass({ status: 'cancelled', my_reservations: [own] }), ctx())).toEqual(NOTHING);
      expect(cardActions(full({ status: 'cancelled' }), ctx())).toEqual(NOTHING);
    });

    it('a class that has started, or started long ago', () => {
      expect(cardActions(makeClass(), ctx({ now: START }))).toEqual(NOTHING);
      expect(cardActions(makeClass({ my_reservations: [own, guestPlace] }), ctx({ now: START + MINUTE }))).toEqual(NOTHING);
      expect(cardActions(full({ my_waitlist: { waitlist_id: 8, position: 2 } }), ctx({ now: START + HOUR }))).toEqual(NOTHING);
    });

    it('one minute before the start a bookable class is still offered', () => {
      expect(cardActions(makeClass(), ctx({ now: START - MINUTE })).book).toBe(true);
    });
  });

  describe('booked by the customer', () => {
    it('offers Cancelar on time (outside the cancel window), and nothing to book', () => {
      const actions = cardActions(makeClass({ my_reservations: [own] }), ctx({ now: START - 13 * HOUR }));
      expect(actions).toEqual({ ...NOTHING, cancelOwn: own, guest: true });
    });

    it('offers Cancelar inside the window when late cancelling is allowed (allow_cancel_after_treshold)', () => {
      const actions = cardActions(makeClass({ my_reservations: [own] }), ctx({ now: START - 2 * HOUR }));
      expect(actions.cancelOwn).toBe(own);
    });

    it('offers no Cancelar inside the window without late cancelling, but still on time', () => {
      const noLate = { ...SETTINGS, allowLate: false };
      expect(cardActions(makeClass({ my_reservations: [own] }), ctx({ now: START - 2 * HOUR, settings: noLate })).cancelOwn).toBeNull();
      expect(cardActions(makeClass({ my_reservations: [own] }), ctx({ now: START - 12 * HOUR, settings: noLate })).cancelOwn).toBe(own);
      expect(cardActions(makeClass({ my_reservations: [own] }), ctx({ now: START - 12 * HOUR + 1, settings: noLate })).cancelOwn).toBeNull();
    });

    it('offers no Cancelar when cancelling is off altogether, unless late cancels are allowed', () => {
      const off = { ...SETTINGS, allowCancel: false, allowLate: false };
      expect(cardActions(makeClass({ my_reservations: [own] }), ctx({ settings: off })).cancelOwn).toBeNull();
      expect(cardActions(makeClass({ my_reservations: [own] }), ctx({ settings: { ...off, allowLate: true } })).cancelOwn).toBe(own);
    });

    it('reads the window in the configured unit', () => {
      const twoDays: CancelSettings = { ...SETTINGS, allowLate: false, value: 2, unit: 'days' };
      expect(cardActions(makeClass({ my_reservations: [own] }), ctx({ now: START - 24 * HOUR, settings: twoDays })).cancelOwn).toBeNull();
      expect(cardActions(makeClass({ my_reservations: [own] }), ctx({ now: START - 49 * HOUR, settings: twoDays })).cancelOwn).toBe(own);
      const thirty: CancelSettings = { ...SETTINGS, allowLate: false, value: 30, unit: 'minutes' };
      expect(cardActions(makeClass({ my_reservations: [own] }), ctx({ now: START - 31 * MINUTE, settings: thirty })).cancelOwn).toBe(own);
      expect(cardActions(makeClass({ my_reservations: [own] }), ctx({ now: START - 29 * MINUTE, settings: thirty })).cancelOwn).toBeNull();
    });

    it('offers no Cancelar for a place already checked in (check-in opens before the class); the guest apart', () => {
      const checkedIn = { ...own, status: 'Exitosa' as const, attend: true };
      expect(cardActions(makeClass({ my_reservations: [checkedIn, guestPlace] }), ctx({ now: START - HOUR }))).toEqual({
        ...NOTHING,
        cancelGuest: guestPlace,
      });
      // Cash not paid yet shows 'Pago en Efectivo Incompleto'; the check-in still counts.
      const cash = { ...own, status: 'Pago en Efectivo Incompleto' as const, attend: true };
      expect(cardActions(makeClass({ my_reservations: [cash] }), ctx({ now: START - 13 * HOUR })).cancelOwn).toBeNull();
    });

    it("guestGoingAlong: the +1 not checked in goes along only with the customer's own place", () => {
      const c = makeClass({ my_reservations: [own, guestPlace] });
      expect(guestGoingAlong(c, own.class_reservation_id)).toBe('Luis');
      expect(guestGoingAlong(c, guestPlace.class_reservation_id)).toBeNull();
      expect(guestGoingAlong(makeClass({ my_reservations: [own, { ...guestPlace, attend: true }] }), own.class_reservation_id)).toBeNull();
      expect(guestGoingAlong(makeClass({ my_reservations: [own] }), own.class_reservation_id)).toBeNull();
    });

    it("offers '+1' only with guests enabled, an own place, no guest yet and spots left", () => {
      expect(cardActions(makeClass({ my_reservations: [own] }), ctx()).guest).toBe(true);
      expect(cardActions(makeClass({ my_reservations: [own] }), ctx({ guestsEnabled: false })).guest).toBe(false);
      expect(cardActions(makeClass({ my_reservations: [own, guestPlace] }), ctx()).guest).toBe(false);
      expect(cardActions(full({ my_reservations: [own] }), ctx()).guest).toBe(false);
      expect(cardActions(makeClass({ my_reservations: [guestPlace] }), ctx()).guest).toBe(false);
    });

    it("lets the guest's place be cancelled on its own, apart from the customer's", () => {
      expect(cardActions(makeClass({ my_reservations: [own, guestPlace] }), ctx())).toEqual({ ...NOTHING, cancelOwn: own, cancelGuest: guestPlace });
      // Only the guest's place left: it can still be cancelled, and nothing is offered to book.
      expect(cardActions(makeClass({ my_reservations: [guestPlace] }), ctx())).toEqual({ ...NOTHING, cancelGuest: guestPlace });
      const noLate = { ...SETTINGS, allowLate: false };
      expect(cardActions(makeClass({ my_reservations: [own, guestPlace] }), ctx({ now: START - HOUR, settings: noLate }))).toEqual({
        ...NOTHING,
        guest: false,
      });
    });

    it('a full class the customer booked offers Cancelar, not the waitlist', () => {
      expect(cardActions(full({ my_reservations: [own] }), ctx())).toEqual({ ...NOTHING, cancelOwn: own });
    });
  });

  describe('not booked, with spots left', () => {
    it('offers Reservar', () => {
      expect(cardActions(makeClass(), ctx())).toEqual({ ...NOTHING, book: true });
      expect(cardActions(makeClass({ my_reservations: [] }), ctx())).toEqual({ ...NOTHING, book: true });
    });

    it('offers Comprar instead when the signed-in customer has no credit at all', () => {
      expect(cardActions(makeClass(), ctx({ hasCredits: false }))).toEqual({ ...NOTHING, buy: true });
    });

    it('keeps Reservar while the balance is unknown, or the customer has credits, or for a visitor', () => {
      expect(cardActions(makeClass(), ctx({ hasCredits: null }))).toEqual({ ...NOTHING, book: true });
      expect(cardActions(makeClass(), ctx({ hasCredits: true }))).toEqual({ ...NOTHING, book: true });
      expect(cardActions(makeClass(), ctx({ signedIn: false, hasCredits: false }))).toEqual({ ...NOTHING, book: true });
      expect(cardActions(makeClass(), ctx({ signedIn: false, hasCredits: null }))).toEqual({ ...NOTHING, book: true });
    });
  });

  describe('full', () => {
    it('offers Lista de Espera when the waitlist is on and before its cutoff', () => {
      expect(cardActions(full(), ctx({ now: START - 121 * MINUTE }))).toEqual({ ...NOTHING, waitlist: true });
      // A visitor sees it too (it asks them to sign in).
      expect(cardActions(full(), ctx({ signedIn: false, hasCredits: null, now: START - 3 * HOUR })).waitlist).toBe(true);
    });

    it('closes the line waitlist_cutoff_minutes before the start', () => {
      expect(cardActions(full(), ctx({ now: START - 120 * MINUTE }))).toEqual(NOTHING);
      expect(cardActions(full(), ctx({ now: START - 119 * MINUTE }))).toEqual(NOTHING);
      expect(cardActions(full(), ctx({ now: START - 31 * MINUTE, waitlistCutoffMinutes: 30 })).waitlist).toBe(true);
      expect(cardActions(full(), ctx({ now: START - 29 * MINUTE, waitlistCutoffMinutes: 30 })).waitlist).toBe(false);
    });

    it('offers no waitlist when the studio has none', () => {
      expect(cardActions(full(), ctx({ waitlistEnabled: false }))).toEqual(NOTHING);
    });

    it('never offers Reservar or Comprar', () => {
      expect(cardActions(full(), ctx({ hasCredits: false }))).toEqual({ ...NOTHING, waitlist: true });
      expect(cardActions(makeClass({ capacity: null as unknown as number }), ctx())).toEqual({ ...NOTHING, waitlist: true });
    });

    it("shows the customer's place in line (and 'Salir de la lista') instead of joining", () => {
      const place = { waitlist_id: 8, position: 3 };
      expect(cardActions(full({ my_waitlist: place }), ctx())).toEqual({ ...NOTHING, waiting: place });
      // Even after the line's cutoff the customer still sees where they stand.
      expect(cardActions(full({ my_waitlist: place }), ctx({ now: START - 30 * MINUTE }))).toEqual({ ...NOTHING, waiting: place });
      expect(cardActions(full({ my_waitlist: null }), ctx())).toEqual({ ...NOTHING, waitlist: true });
    });
  });
});

describe("lotEndBeforeClass (ADR 0065: a lot pays only if valid on the class's date)", () => {
  // The fixture class: Wednesday 18 Nov 2026 19:30 in Mexico City (01:30Z on the 19th), class type 1.
  const c = makeClass();
  /** The last millisecond of a studio day in Mexico City (UTC−6). */
  const endOf = (day: string) => new Date(Date.parse(`${day}T23:59:59.999-06:00`)).toISOString();

  it("names the end when every lot that would pay ends before the class: the longest-lasting one's", () => {
    const lots = [
      makeLot({ expiration_date: endOf('2026-11-16') }),
      makeLot({ available_class_id: 41, unlimited: true, available_classes: -1, expiration_date: endOf('2026-11-17') }),
    ];
    expect(lotEndBeforeClass(c, lots)).toBe(endOf('2026-11-17'));
  });

  it('a lot ending that studio day covers the class (to its last millisecond); one never ending too', () => {
    expect(lotEndBeforeClass(c, [makeLot({ expiration_date: endOf('2026-11-18') })])).toBeNull();
    expect(lotEndBeforeClass(c, [makeLot({ expiration_date: '2026-11-19T01:30:00.000Z' })])).toBeNull();
    expect(lotEndBeforeClass(c, [makeLot({ expiration_date: '2026-11-19T01:29:59.999Z' })])).toBe('2026-11-19T01:29:59.999Z');
    expect(lotEndBeforeClass(c, [makeLot({ expiration_date: endOf('2026-11-17') }), makeLot({ expiration_date: null })])).toBeNull();
  });

  it('ignores lots that would not pay anyway (another type, another package, off its times, online, used up) and unknown lots', () => {
    const early = endOf('2026-11-17');
    expect(lotEndBeforeClass(c, [makeLot({ expiration_date: early, class_type_id: 2 })])).toBeNull();
    expect(lotEndBeforeClass(c, [makeLot({ expiration_date: early, class_types: [2, 3] })])).toBeNull();
    expect(lotEndBeforeClass(makeClass({ class_package_id: 9 }), [makeLot({ expiration_date: early })])).toBeNull();
    expect(lotEndBeforeClass(c, [makeLot({ expiration_date: early, allowed_times: [{ weekdays: [3], start: '06:00', end: '12:00' }] })])).toBeNull();
    expect(lotEndBeforeClass(c, [makeLot({ expiration_date: early, allowed_times: [{ weekdays: [3], start: '19:00', end: '21:00' }] })])).toBe(early);
    expect(lotEndBeforeClass(c, [makeLot({ expiration_date: early, is_online: true })])).toBeNull();
    expect(lotEndBeforeClass(c, [makeLot({ expiration_date: early, usable: false })])).toBeNull();
    expect(lotEndBeforeClass(c, [])).toBeNull();
    expect(lotEndBeforeClass(c, null)).toBeNull();
  });

  it('the card says it instead of Reservar or Lista de Espera, and offers Comprar; booked classes and visitors are untouched', () => {
    const lots = [makeLot({ expiration_date: endOf('2026-11-17') })];
    expect(cardActions(c, ctx({ lots }))).toEqual({ ...NOTHING, buy: true, lotEnds: endOf('2026-11-17') });
    expect(cardActions(full(), ctx({ lots }))).toEqual({ ...NOTHING, buy: true, lotEnds: endOf('2026-11-17') });
    expect(cardActions(makeClass({ my_reservations: [own] }), ctx({ lots })).lotEnds).toBeNull();
    expect(cardActions(c, ctx({ lots, signedIn: false, hasCredits: null }))).toMatchObject({ book: true, lotEnds: null });
    expect(cardActions(c, ctx({ lots: null }))).toMatchObject({ book: true, lotEnds: null });
  });
});
