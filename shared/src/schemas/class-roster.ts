import { type InferType, object, string } from 'yup';
import { messages } from '../messages';
import { bookingAdminMessages } from '../messages/booking-admin';
import type { ReservationStatus } from './class-reservation';
import type { DynamicValues } from './dynamic-form';
import { flag, positiveId, unknownFields } from './fields';

const v = messages.validation;
const a = bookingAdminMessages;

/** What a reservation's QR shows: `R{class_reservation_id}-{6 hex}` (docs/booking/README.md, "Admin: roster, check-in and attendance"). */
export const CHECK_IN_CODE_PATTERN = /^R(\d+)-([0-9a-f]{6})$/i;

/** POST /api/single_class/{id}/check_in: exactly one of the reservation's id or its QR code. */
export const checkInSchema = object({
  class_reservation_id: positiveId().optional(),
  code: string().typeError(v.mustBeText).matches(CHECK_IN_CODE_PATTERN, a.codeInvalid).optional(),
})
  .noUnknown(unknownFields)
  .strict()
  .test('one-target', a.checkInTarget, (value) => (value.class_reservation_id === undefined) !== (value.code === undefined));
export type CheckInInput = InferType<typeof checkInSchema>;

/**
 * POST /api/check_in {code} and GET /api/check_in/{code}: the QR code alone,
 * since the desk does not know the class (the code names the reservation).
 */
export const checkInCodeSchema = object({
  code: string().typeError(v.mustBeText).required(v.required).matches(CHECK_IN_CODE_PATTERN, a.codeInvalid),
})
  .noUnknown(unknownFields)
  .strict();
export type CheckInCodeInput = InferType<typeof checkInCodeSchema>;

/** PUT /api/single_class/{id}/attendance: attended (true) or a no-show (false). */
export const attendanceSchema = object({
  class_reservation_id: positiveId().required(v.required),
  attend: flag().required(v.required),
})
  .noUnknown(unknownFields)
  .strict();
export type AttendanceInput = InferType<typeof attendanceSchema>;

/**
 * DELETE /api/single_class/{id}/reservations/{rid}?refund=true|false: `refund`
 * (default true) returns the credit to the lot that paid. A query parameter,
 * since DELETE bodies are not read (http/body.ts).
 */
export const adminRemoveReservationQuerySchema = object({
  refund: flag().optional(),
}).noUnknown(unknownFields);
export type AdminRemoveReservationQuery = InferType<typeof adminRemoveReservationQuerySchema>;

/** POST /api/single_class/{id}/reservations: an admin adds a customer; `charge: false` is a courtesy (no credit spent). */
export const adminAddReservationSchema = object({
  customer_id: positiveId().required(v.required),
  spot: positiveId().nullable().optional(),
  charge: flag().optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type AdminAddReservationInput = InferType<typeof adminAddReservationSchema>;

export interface RosterCustomer {
  customer_id: number;
  name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  /** The customer's photo (FileRef.src), null when none; a private upload's bytes need the staff's token. */
  photo_src: string | null;
}

/** One reservation of the class as the admin's roster shows it. */
export interface RosterReservation {
  class_reservation_id: number;
  single_class_id: number;
  customer_id: number;
  customer: RosterCustomer | null;
  status: ReservationStatus;
  guest: string | null;
  spot: number | null;
  attend: boolean;
  is_cash: boolean;
  is_paid: boolean;
  available_class_id: number | null;
  source: 'customer' | 'waitlist' | 'admin';
  deletedAt: string | null;
  cancel_reason: string | null;
  createdAt: string;
  /** The customer's answers to the booking questions (ADR 0115), by field key; {} when none. */
  custom_values: DynamicValues;
}

export interface RosterWaitlistEntry {
  waitlist_id: number;
  /** 1 = first in line. */
  position: number;
  joinedAt: string;
  customer_id: number;
  customer: RosterCustomer | null;
}

export interface ClassRoster {
  single_class_id: number;
  reservations: RosterReservation[];
  waitlist: RosterWaitlistEntry[];
}

/** The class of a reservation as the desk's check-in shows it: what, where, with whom and when. */
export interface CheckInClass {
  single_class_id: number;
  class_date: string;
  end_date: string;
  status: 'scheduled' | 'cancelled';
  class_type: { class_type_id: number; name: string } | null;
  location: { location_id: number; name: string } | null;
  /** Coaches' nick names, else names, in the class's order. */
  instructors: Array<{ instructor_id: number; name: string }>;
}

/** GET /api/check_in/{code}: which customer, which class and spot, and whether already checked in. */
export interface CheckInLookup {
  class_reservation_id: number;
  /** Always true: a code the studio did not make is a 404, never an answer. */
  code_valid: true;
  customer: RosterCustomer | null;
  single_class: CheckInClass;
  spot: number | null;
  guest: string | null;
  /** The display status ('Próxima', 'Exitosa', 'Cancelada', …). */
  status: ReservationStatus;
  /** Already checked in. */
  attend: boolean;
  cancelled: boolean;
  /** Whether now is inside the check-in window (it says nothing of the reservation being cancelled). */
  check_in_open: boolean;
  check_in_opens_at: string;
  check_in_closes_at: string;
  /** The customer's answers to the booking questions (ADR 0115): what the desk should know at the door. */
  custom_values: DynamicValues;
}

/** POST /api/check_in: what POST /single_class/{id}/check_in answers, plus the lookup after the change. */
export interface CheckInByCodeResult extends CheckInLookup {
  class_reservation: RosterReservation;
  /** False when it was already checked in (check-in is idempotent). */
  changed: boolean;
  penalties_lifted: number[];
  penalties_issued: number[];
}
