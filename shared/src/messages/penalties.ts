/** Spanish texts of no-show penalties; part of the one catalogue in ../messages.ts. */
export const penaltiesMessages = {
  /** Booking refused (412 booking/penalty) for a penalty issued after {n} no-shows in a row. */
  bookingRefused: 'Tienes una penalización por {n} inasistencias seguidas; podrás reservar de nuevo el {date} a las {time}.',
  /** Booking refused for a penalty an admin issued by hand (no streak behind it). */
  bookingRefusedByAdmin: 'Tienes una penalización; podrás reservar de nuevo el {date} a las {time}.',
  notFound: 'No encontramos la penalización.',
  customerNotFound: 'No encontramos al cliente.',
  endDateInPast: 'La fecha de fin debe ser posterior a hoy.',
  alreadyLifted: 'Esta penalización ya fue levantada; no se puede modificar.',
  nothingToChange: 'No hay cambios que guardar.',
  liftedMustBeTrue: 'Para levantar la penalización envía lifted: true.',
  /** lift_reason written when an admin marks attended a class the penalty counted as a no-show. */
  liftedByAttendance: 'Se corrigió la asistencia de la clase del {date} a las {time}.',
} as const;
