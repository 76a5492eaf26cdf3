/** Spanish texts of the admin's class roster, check-in, attendance and admin bookings; part of the one catalogue in ../messages.ts. */
export const bookingAdminMessages = {
  reservationNotInClass: 'No encontramos esa reservación en esta clase.',
  codeNotFound: 'El código no corresponde a ninguna reservación de esta clase.',
  codeInvalid: 'El código no es válido. Debe verse como R1234-a1b2c3.',
  checkInTarget: 'Indica la reservación o el código, solo uno de los dos.',
  reservationCancelled: 'Esta reservación está cancelada; no se puede registrar la asistencia.',
  checkInNotOpen: 'El registro de asistencia de esta clase abre el {date} a las {time}.',
  checkInClosed: 'El registro de asistencia de esta clase cerró el {date} a las {time}.',
  attendanceNotOpen: 'La asistencia de esta clase se puede marcar a partir del {date} a las {time}.',
  customerNotFound: 'No encontramos al cliente.',
  customerAlreadyBooked: 'El cliente ya tiene una reservación en esta clase.',
  customerNoCredits: 'El cliente no tiene créditos disponibles para esta clase. Agrégalo sin cobro o asígnale un paquete.',
  classOver: 'Esta clase ya terminó; ya no se pueden agregar clientes.',
} as const;
