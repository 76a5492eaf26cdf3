import type { ClassReservationDoc } from '../../data/repos/reservations-repo';

export type NewReservationFields = Pick<
  ClassReservationDoc,
  'class_reservation_id' | 'single_class_id' | 'customer_id' | 'uid' | 'available_class_id' | 'spot' | 'seat' | 'guest' | 'is_cash' | 'is_paid'
> & { source: NonNullable<ClassReservationDoc['source']> };

/** A reservation as every booking starts it: not attended, not rated, not cancelled. One place, so the seed, the tests and booking agree. */
export function newReservation(fields: NewReservationFields, at: Date): ClassReservationDoc {
  return {
    ...fields,
    attend: false,
    class_stars: null,
    coach_stars: null,
    comment: null,
    deletedAt: null,
    cancel_reason: null,
    refund: null,
    createdAt: at,
    updatedAt: at,
  };
}
