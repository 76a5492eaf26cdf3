import type { DynamicValues } from '@studio/shared/schemas/dynamic-form';
import type { ClassReservationDoc } from '../../data/repos/reservations-repo';

export type NewReservationFields = Pick<
  ClassReservationDoc,
  'class_reservation_id' | 'single_class_id' | 'customer_id' | 'uid' | 'available_class_id' | 'spot' | 'seat' | 'guest' | 'is_cash' | 'is_paid'
> & { source: NonNullable<ClassReservationDoc['source']>; custom_values?: DynamicValues };

/** A reservation as every booking starts it: not attended, not rated, not cancelled. One place, so the seed, the tests and booking agree. */
export function newReservation(fields: NewReservationFields, at: Date): ClassReservationDoc {
  const { custom_values, ...rest } = fields;
  return {
    ...rest,
    // Only answers are kept: a reservation asked nothing has no field at all.
    ...(custom_values && Object.keys(custom_values).length > 0 ? { custom_values } : {}),
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
