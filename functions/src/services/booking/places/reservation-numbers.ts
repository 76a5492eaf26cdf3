import type { NumberSpace } from '../../../data/repos/number-claims';

/**
 * Reservation ids are claimed numbers (ADR 0009), never a shared counter:
 * `class_reservation_numbers/{n}`. The seed's reservations sit below the floor.
 */
export const reservationNumbers: NumberSpace = { collection: 'class_reservation_numbers', floor: 1000, max: null };
