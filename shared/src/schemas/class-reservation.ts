import { type InferType, mixed, number, object } from 'yup';
import { fill, messages } from '../messages';
import { bookingMessages } from '../messages/booking';
import { optionalText, positiveId, text, unknownFields } from './fields';
import type { SingleClass } from './single-class';

const v = messages.validation;

/** Reservations per page of GET /class_reservations (spec §9). */
export const RESERVATIONS_PAGE_SIZE = 50;
export const RESERVATION_FILTERS = ['all', 'upcoming', 'past', 'cancelled'] as const;
export type ReservationFilter = (typeof RESERVATION_FILTERS)[number];

export const GUEST_NAME_MIN = 2;
export const GUEST_NAME_MAX = 80;

/** A +1 guest's name (booking and renaming): trimmed by the server, at least 2 characters (spec §5). */
const guestName = () =>
  text()
    .test('min', bookingMessages.guestNameRequired, (value) => value === undefined || value === null || value.trim().length >= GUEST_NAME_MIN)
    .test('max', fill(v.tooLong, { n: GUEST_NAME_MAX }), (value) => value === undefined || value === null || value.trim().length <= GUEST_NAME_MAX);

/**
 * POST /api/class_reservations. `spot` is a place on the class's spot map
 * (1-based, row by row); without a map the server assigns one. `guest` books
 * a place for the customer's +1 under that name (with their own, or after it).
 * `custom_values` answers the studio's booking questions (custom fields of
 * 'class_reservation', ADR 0115) for the customer's own place: the envelope
 * here, the answers checked by the service against the fields as they are.
 */
export const classReservationCreateSchema = object({
  single_class_id: positiveId().required(v.required),
  spot: positiveId().nullable().optional(),
  guest: guestName().nullable().optional(),
  custom_values: object().typeError(v.invalidValue).optional().default(undefined),
})
  .noUnknown(unknownFields)
  .strict();
export type ClassReservationCreateInput = InferType<typeof classReservationCreateSchema>;

/** GET /api/class_reservations?page&filter (defaults: page 1, all). */
export const classReservationsQuerySchema = object({
  page: positiveId().optional(),
  filter: mixed<ReservationFilter>()
    .oneOf([...RESERVATION_FILTERS], bookingMessages.filterInvalid)
    .optional(),
}).noUnknown(unknownFields);
export type ClassReservationsQuery = InferType<typeof classReservationsQuerySchema>;

/** What happens to the guest's place when a customer cancels their own (issue 25): `cancel` (the default) or `keep`. */
export const GUEST_ON_CANCEL = ['cancel', 'keep'] as const;
export type GuestOnCancel = (typeof GUEST_ON_CANCEL)[number];

/** DELETE /api/class_reservations/{id}?guest=cancel|keep (a query: the API reads no DELETE bodies). */
export const classReservationCancelQuerySchema = object({
  guest: mixed<GuestOnCancel>()
    .oneOf([...GUEST_ON_CANCEL], bookingMessages.guestChoiceInvalid)
    .optional(),
}).noUnknown(unknownFields);
export type ClassReservationCancelQuery = InferType<typeof classReservationCancelQuerySchema>;

export type ReservationStatus = (typeof bookingMessages.status)[keyof typeof bookingMessages.status];

/** A reservation as its owner sees it, with its class joined. */
export interface ClassReservation {
  class_reservation_id: number;
  single_class_id: number;
  customer_id: number;
  spot: number | null;
  guest: string | null;
  is_cash: boolean;
  is_paid: boolean;
  attend: boolean;
  class_stars: number | null;
  coach_stars: number | null;
  comment: string | null;
  available_class_id: number | null;
  deletedAt: string | null;
  cancel_reason: string | null;
  /** Whether the credit came back when it was cancelled (null while active). */
  credit_returned: boolean | null;
  createdAt: string;
  status: ReservationStatus;
  /** What the 'Código de Acceso' QR encodes (the admin's check-in reads it); null once cancelled. */
  access_code: string | null;
  single_class: SingleClass | null;
}

export interface ClassReservationPage {
  total: number;
  page: number;
  page_size: number;
  class_reservations: ClassReservation[];
}

/** Stars of a rating (spec §9: 1 to 5). */
export const RATING_MIN_STARS = 1;
export const RATING_MAX_STARS = 5;
export const RATING_COMMENT_MAX = 1000;

const stars = () =>
  number()
    .typeError(v.mustBeNumber)
    .integer(v.mustBeInteger)
    .min(RATING_MIN_STARS, bookingMessages.starsRange)
    .max(RATING_MAX_STARS, bookingMessages.starsRange);

/**
 * PUT /api/class_reservations: the owner rates an attended reservation, once.
 * `customer_id` is what the spec's client sends; when present it must be the
 * caller's own (the server never trusts it to pick the customer).
 */
export const classReservationRatingSchema = object({
  class_reservation_id: positiveId().required(v.required),
  customer_id: positiveId().nullable().optional(),
  class_stars: stars().required(bookingMessages.starsRange),
  coach_stars: stars().required(bookingMessages.starsRange),
  comment: optionalText(RATING_COMMENT_MAX, { multiline: true }).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type ClassReservationRatingInput = InferType<typeof classReservationRatingSchema>;

/** PUT /api/single_class/guest: the owner renames the guest of a guest reservation. The name is trimmed before it is checked and stored. */
export const guestRenameSchema = object({
  class_reservation_id: positiveId().required(v.required),
  name: guestName().required(bookingMessages.guestNameRequired),
})
  .noUnknown(unknownFields)
  .strict();
export type GuestRenameInput = InferType<typeof guestRenameSchema>;
