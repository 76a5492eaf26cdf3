import { waitlistClosesAtMs } from '@studio/shared/rules/reservation-rules';
import type { AvailableClass } from '@studio/shared/schemas/access';
import { type AllowedTimeWindow, startsWithin } from '@studio/shared/schemas/allowed-times';
import type { MyClassReservation, SingleClass } from '@studio/shared/schemas/single-class';
import { canCancelPlace, type CancelSettings } from '../../lib/cancel-rules';

/**
 * A class counts as full (customer-area §4) when its capacity is missing, or
 * nothing is left of it, or the data is missing: a class we cannot count is
 * never offered as bookable.
 */
export function isClassFull(c: Pick<SingleClass, 'capacity' | 'spots_left'> | null | undefined): boolean {
  if (!c || c.capacity === null || c.capacity === undefined || typeof c.spots_left !== 'number') return true;
  return c.spots_left <= 0;
}

type ClassForLots = Pick<SingleClass, 'class_date' | 'date' | 'start_time' | 'class_type_id' | 'class_package_id'>;

/** ISO weekday (1 = Monday … 7 = Sunday) of a studio calendar day. */
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** The lot's own restrictions admit the class, as the server's lotCovers reads them (in person, type, package, allowed times). */
function admitsClass(lot: AvailableClass, c: ClassForLots): boolean {
  if (!lot.usable || lot.is_online || lot.status !== 'active') return false;
  if (lot.class_type_id !== null && lot.class_type_id !== c.class_type_id) return false;
  if (lot.class_types.length > 0 && !lot.class_types.includes(c.class_type_id)) return false;
  if (c.class_package_id !== null && lot.class_package_id !== c.class_package_id) return false;
  const windows = Array.isArray(lot.allowed_times) ? (lot.allowed_times as AllowedTimeWindow[]) : [];
  return windows.length === 0 || startsWithin(windows, isoWeekday(c.date), c.start_time);
}

/**
 * A lot pays for a class only if it is still valid when the class starts
 * (ADR 0065). When the customer's lots would pay for this class but every one
 * of them ends before it, the end of the one lasting longest (an instant),
 * for 'Tu paquete vence el 4 dic, antes de esta clase.'; else null: a lot
 * is valid that day, none would pay at all (the card's 'Comprar' and the
 * server's no-credits say that), or the lots are not known.
 */
export function lotEndBeforeClass(c: ClassForLots, lots: readonly AvailableClass[] | null | undefined): string | null {
  if (!lots) return null;
  const start = Date.parse(c.class_date);
  const admitting = lots.filter((lot) => admitsClass(lot, c));
  if (admitting.some((lot) => lot.expiration_date === null || Date.parse(lot.expiration_date) >= start)) return null;
  const ends = admitting.map((lot) => lot.expiration_date as string);
  return ends.length === 0 ? null : ends.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
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
  /** The signed-in customer's usable lots (GET /available_classes); null while unknown or signed out. */
  lots: readonly AvailableClass[] | null;
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
  /** Every lot that would pay for this class ends before it: that end (an instant), said on the card instead of Reservar or Lista de Espera. */
  lotEnds: string | null;
}

const NONE: CardActions = { book: false, buy: false, waitlist: false, waiting: null, cancelOwn: null, cancelGuest: null, guest: false, lotEnds: null };

/**
 * The card's buttons. A cancelled or started class offers nothing. Booked:
 * Cancelar (own and guest apart, by the cancel rule) and +1 while there is a
 * spot. Not booked: Reservar while spots are left (Comprar when the customer
 * has no credit at all), else Lista de Espera until the line's cutoff, or
 * their place in it. When every lot that would pay for the class ends before
 * it (ADR 0065), the card says so and offers Comprar instead. Anonymous
 * visitors see Reservar / Lista de Espera, which ask them to sign in.
 */
export function cardActions(c: SingleClass, ctx: CardContext): CardActions {
  const start = Date.parse(c.class_date);
  if (c.status === 'cancelled' || ctx.now >= start) return NONE;
  const mine = c.my_reservations ?? [];
  const own = mine.find((r) => r.guest === null) ?? null;
  const guestPlace = mine.find((r) => r.guest !== null) ?? null;
  const full = isClassFull(c);
  const cancellable = (r: MyClassReservation | null) =>
    r !== null && canCancelPlace({ cancelled: false, attended: r.attend, classStart: start, classCancelled: false }, ctx.settings, ctx.now) ? r : null;

  if (own || guestPlace) {
    return {
      ...NONE,
      cancelOwn: cancellable(own),
      cancelGuest: cancellable(guestPlace),
      guest: ctx.guestsEnabled && own !== null && guestPlace === null && !full,
    };
  }
  // Their lots end before this class: the server would refuse it, so the card says why and offers the packages.
  const lotEnds = ctx.signedIn ? lotEndBeforeClass(c, ctx.lots) : null;
  if (!full) {
    if (lotEnds !== null) return { ...NONE, buy: true, lotEnds };
    const buy = ctx.signedIn && ctx.hasCredits === false;
    return { ...NONE, book: !buy, buy };
  }
  if (c.my_waitlist) return { ...NONE, waiting: c.my_waitlist };
  if (lotEnds !== null) return { ...NONE, buy: true, lotEnds };
  const lineOpen = ctx.now < waitlistClosesAtMs(start, ctx.waitlistCutoffMinutes);
  return { ...NONE, waitlist: ctx.waitlistEnabled && lineOpen };
}

/** The name of the customer's +1 whose place would go along when they cancel their own place `reservationId` in `c` (active, not checked in); else null. */
export function guestGoingAlong(c: SingleClass, reservationId: number): string | null {
  const mine = c.my_reservations ?? [];
  const own = mine.find((r) => r.class_reservation_id === reservationId);
  if (!own || own.guest !== null) return null;
  return mine.find((r) => r.guest !== null && !r.attend)?.guest ?? null;
}
