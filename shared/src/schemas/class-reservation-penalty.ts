import { boolean, type InferType, object } from 'yup';
import { messages } from '../messages';
import { penaltiesMessages } from '../messages/penalties';
import { calendarDate, optionalText, positiveId, unknownFields } from './fields';

const v = messages.validation;
const p = penaltiesMessages;

/** Penalties per page of GET /class_reservation_penaltys. */
export const PENALTIES_PAGE_SIZE = 50;
export const PENALTY_REASON_MAX = 300;

/** GET /api/class_reservation_penaltys?page&customer_id (customer_id: admins only; a customer always gets their own). */
export const penaltiesQuerySchema = object({
  page: positiveId().optional(),
  customer_id: positiveId().optional(),
}).noUnknown(unknownFields);
export type PenaltiesQuery = InferType<typeof penaltiesQuerySchema>;

/** POST /api/class_reservation_penaltys (admin): a penalty by hand, from now to the end of the studio day `end_date`. */
export const penaltyCreateSchema = object({
  customer_id: positiveId().required(v.required),
  end_date: calendarDate().required(v.required),
  reason: optionalText(PENALTY_REASON_MAX, { multiline: true }).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type PenaltyCreateInput = InferType<typeof penaltyCreateSchema>;

/** PUT /api/class_reservation_penaltys (admin): move the end (a studio day) or lift it (`lifted: true`, for good). */
export const penaltyUpdateSchema = object({
  class_reservation_penalty_id: positiveId().required(v.required),
  end_date: calendarDate().optional(),
  lifted: boolean().typeError(v.mustBeBoolean).oneOf([true], p.liftedMustBeTrue).optional(),
  lift_reason: optionalText(PENALTY_REASON_MAX, { multiline: true }).optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type PenaltyUpdateInput = InferType<typeof penaltyUpdateSchema>;

/** A penalty as the API shows it (the customer their own, admins any). */
export interface ClassReservationPenalty {
  class_reservation_penalty_id: number;
  customer_id: number;
  source: 'no-shows' | 'admin';
  reservation_ids: number[];
  start_date: string;
  end_date: string;
  /** Not lifted and end_date still ahead: booking is refused. */
  active: boolean;
  reason: string | null;
  lifted_at: string | null;
  lifted_by: string | null;
  lift_reason: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ClassReservationPenaltyPage {
  total: number;
  page: number;
  page_size: number;
  class_reservation_penaltys: ClassReservationPenalty[];
}
