import { type InferType, mixed, object } from 'yup';
import { messages } from '../messages';
import { positiveId, unknownFields } from './fields';
import type { SingleClass } from './single-class';

const v = messages.validation;

/**
 * POST /api/waitlist {single_class_id, customer_id?}. The spec's client sends
 * its own customer_id; a customer may only put themself in line, an admin
 * may put any customer in line.
 */
export const waitlistCreateSchema = object({
  single_class_id: positiveId().required(v.required),
  customer_id: positiveId().optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type WaitlistCreateInput = InferType<typeof waitlistCreateSchema>;

/**
 * PUT /api/waitlist {waitlist_id, …the entry's fields}: the spec's client
 * sends the entry when it has an id. It puts an entry the customer left back
 * in line, at its back; on an entry still waiting it changes nothing. The
 * entry's other fields the spec's client sends back (createdAt, single_class)
 * are accepted and ignored (they are not the customer's to change); anything
 * else is 400.
 */
export const waitlistUpdateSchema = object({
  waitlist_id: positiveId().required(v.required),
  single_class_id: positiveId().optional(),
  customer_id: positiveId().optional(),
  // The rest of the entry as the client holds it (spec §9's Waitlist): accepted, never applied.
  createdAt: mixed().optional(),
  single_class: mixed().optional(),
})
  .noUnknown(unknownFields)
  .strict();
export type WaitlistUpdateInput = InferType<typeof waitlistUpdateSchema>;

export type WaitlistStatus = 'waiting' | 'promoted' | 'left' | 'skipped' | 'closed' | 'removed';

/** One customer's place in one class's line, as its owner (or an admin) sees it. */
export interface Waitlist {
  waitlist_id: number;
  single_class_id: number;
  customer_id: number;
  status: WaitlistStatus;
  /** 1-based place in line while waiting; null once the entry ended. */
  position: number | null;
  /** Why it ended: customer, overlap, no-credits, lot-ends-before-class, already-booked, penalty, cutoff, class-cancelled, admin. */
  end_reason: string | null;
  /** The reservation a promotion made. */
  class_reservation_id: number | null;
  createdAt: string;
  joinedAt: string;
  endedAt: string | null;
  single_class: SingleClass | null;
}
