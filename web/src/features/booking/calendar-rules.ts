import type { MyClassReservation, SingleClass } from '@studio/shared/schemas/single-class';
import { canCancelPlace, type CancelSettings } from '../../lib/cancel-rules';

const MINUTE = 60_000;

/**
 * A class counts as full (customer-area §4) when its capacity is missing, or
 * nothing is left of it, or the data is missing: a class we cannot count is
 * never offered as bookable.
 */
export function isClassFull(c: Pick<SingleClass, 'capacity' | 'spots_left'> | null | undefined): boolean {
  if (!c || c.capacity === null || c.capacity === undefined || typeof c.spots_left !== 'number') return true;
  return c.spots_left <= 0;
}

/** The card's state for the legend (§2, §4): the customer's own first, then full, else available. */
export type CardState = 'reserved' | 'full' | 'available';

export function cardState(c: SingleClass): CardState {
  if ((c.my_reservations ?? []).length > 0) return 'reserved';
  return isClassFull(c) ? 'full' : 'available';
}

export interface CardContext {
  now: number;
  signedIn: boolean;
  guestsEnabled: boolean;
  waitlistEnabled: boolean;
  waitlistCutoffMinutes: number;
  settings: CancelSettings;
  /** False when the signed-in customer has no usable in-person credit at all; null while unknown or signed out. */
  hasCredits: boolean | null;
}

/** What a card offers; every field is one of the spec's buttons (§2). */
export interface CardActions {
  book: boolean;
  /** 'Comprar' instead of 'Reservar': the customer has nothing to pay a class with. */
  buy: boolean;
  waitlist: boolean;
  /** The customer's place in line, and 'Salir de la lista'. */
  waiting: { waitlist_id: number; position: number } | null;
  /** The customer's own reservation and their guest's, each cancellable on its own when the cancel rule allows it. */
  cancelOwn: MyClassReservation | null;
  cancelGuest: MyClassReservation | null;
  /** '+1': add a guest to a class they booked. */
  guest: boolean;
}

const NONE: CardActions = { book: false, buy: false, waitlist: false, waiting: null, cancelOwn: null, cancelGuest: null, guest: false };

/**
 * The card's buttons. A cancelled or started class offers nothing. Booked:
 * Cancelar (own and guest apart, by the cancel rule) and +1 while there is a
 * spot. Not booked: Reservar while spots are left (Comprar when the customer
 * has no credit at all), else Lista de Espera until the line's cutoff, or
 * their place in it. Anonymous visitors see Reservar / Lista de Espera, which
 * ask them to sign in.
 */
export function cardActions(c: SingleClass, ctx: CardContext): CardActions {
  const start = Date.parse(c.class_date);
  if (c.status === 'cancelled' || ctx.now >= start) return NONE;
  const mine = c.my_reservations ?? [];
  const own = mine.find((r) => r.guest === null) ?? null;
  const guestPlace = mine.find((r) => r.guest !== null) ?? null;
  const full = isClassFull(c);
  const cancellable = (r: MyClassReservation | null) =>
    r !== null && canCancelPlace({ cancelled: false, classStart: start, classCancelled: false }, ctx.settings, ctx.now) ? r : null;

  if (own || guestPlace) {
    return {
      ...NONE,
      cancelOwn: cancellable(own),
      cancelGuest: cancellable(guestPlace),
      guest: ctx.guestsEnabled && own !== null && guestPlace === null && !full,
    };
  }
  if (!full) {
    const buy = ctx.signedIn && ctx.hasCredits === false;
    return { ...NONE, book: !buy, buy };
  }
  if (c.my_waitlist) return { ...NONE, waiting: c.my_waitlist };
  const lineOpen = ctx.now < start - ctx.waitlistCutoffMinutes * MINUTE;
  return { ...NONE, waitlist: ctx.waitlistEnabled && lineOpen };
}
