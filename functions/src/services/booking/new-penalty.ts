import type { ClassReservationPenaltyDoc } from '../../data/repos/penalties-repo';

export type NewPenaltyFields = Pick<
  ClassReservationPenaltyDoc,
  'class_reservation_penalty_id' | 'customer_id' | 'uid' | 'source' | 'reservation_ids' | 'streak_key' | 'end_date' | 'reason' | 'issued_by'
>;

/** A penalty as every issue starts it: in force from `at`, not lifted. One place, so the job and the admin agree field by field. */
export function newPenalty(fields: NewPenaltyFields, at: Date): ClassReservationPenaltyDoc {
  return {
    ...fields,
    start_date: at,
    lifted_at: null,
    lifted_by: null,
    lift_reason: null,
    lift_kind: null,
    createdAt: at,
    updatedAt: at,
  };
}
