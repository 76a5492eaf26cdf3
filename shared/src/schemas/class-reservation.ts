import { type InferType, mixed, object } from 'yup';
import { messages } from '../messages';
import { positiveId, unknownFields } from './fields';
import type { SingleClass } from './single-class';

const v = messages.validation;

/** Reservations per page of GET /class_reservations (spec §9). */
export const RESERVATIONS_PAGE_SIZE = 50;
export const RESERVATION_FILTERS = ['all', 'upcoming', 'past', 'cancelled'] as const;
export type ReservationFilter = (typeof RESERVATION_FILTERS)[number];

/**
 * POST /api/class_reservations. `spot` is a place on the class's spot map
 * (1-based, row by row); without a map the server assigns one. Guests (+1)
 * are not accepted yet.
 */
export const classReservationCreateSchema = object({
  single_class_id: positiveId().required(v.required),
  spot: positiveId().nullable().optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type ClassReservationCreateInput = InferType<typeof classReservationCreateSchema>;

/** GET /api/class_reservations?page&filter (defaults: page 1, all). */
export const classReservationsQuerySchema = object({
  page: positiveId().optional(),
  filter: mixed<ReservationFilter>()
    .oneOf([...RESERVATION_FILTERS], messages.booking.filterInvalid)
    .optional(),
}).noUnknown(unknownFields);
export type ClassReservationsQuery = InferType<typeof classReservationsQuerySchema>;

export type ReservationStatus = (typeof messages.booking.status)[keyof typeof messages.booking.status];

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
  single_class: SingleClass | null;
}

export interface ClassReservationPage {
  total: number;
  page: number;
  page_size: number;
  class_reservations: ClassReservation[];
}
