/**
 * Spanish texts of the booking e-mails (functions/src/services/mail, docs/mail);
 * part of the one catalogue in ../messages.ts. `{…}` placeholders are filled
 * with `fill`; dates arrive already formatted in the studio's zone.
 */
export const mailMessages = {
  subjects: {
    booked: 'Tu reservación en {studio}: {class_type}, {date}',
    promoted: '¡Obtuviste un lugar desde la lista de espera! {class_type}, {date}',
    cancelled: 'Cancelaste tu reservación: {class_type}, {date}',
    cancelledByAdmin: 'Tu reservación fue cancelada: {class_type}, {date}',
    classCancelled: 'Clase cancelada: {class_type}, {date}',
    waitlistClosed: 'La lista de espera cerró: {class_type}, {date}',
    waitlistClassCancelled: 'Clase cancelada: {class_type}, {date}',
  },
  greeting: 'Hola, {name}:',
  greetingNoName: 'Hola:',
  booked: 'Tu lugar está reservado.',
  promoted: 'Se liberó un lugar y te lo asignamos desde la lista de espera: ya tienes tu reservación.',
  cancelledByCustomer: 'Cancelaste esta reservación.',
  cancelledByAdmin: 'El estudio canceló esta reservación.',
  classCancelled: 'El estudio canceló esta clase.',
  classCancelledReason: 'Motivo: {reason}',
  creditReturned: 'Ya regresamos a tu cuenta el crédito con el que reservaste.',
  lateCancel: 'Como cancelaste fuera del plazo, el crédito no se regresa.',
  creditReturnedExpired: 'Regresamos el crédito a tu paquete, pero el paquete ya venció; comunícate con el estudio si quieres usarlo.',
  contactStudio: 'Comunícate con el estudio para aclarar lo que pagaste por esta clase.',
  waitlistCutoff: 'La lista de espera de esta clase cerró y no alcanzaste lugar. No se te cobró nada.',
  waitlistClassCancelled: 'El estudio canceló esta clase, así que la lista de espera cerró. No se te cobró nada.',
  calendarHint: 'Agrega la clase a tu calendario con el archivo adjunto.',
  /** The way to the customer's reservations (Mis Reservaciones), where the booking is seen and cancelled. */
  manageBooking: 'Para ver o cancelar tu reservación, entra a Mis Reservaciones:',
  manageBookingLink: 'Ver o cancelar mi reservación',
  /** When no site address is known (the e-mail then carries no link rather than a wrong one). */
  manageBookingNoLink: 'Puedes ver o cancelar tu reservación en Mis Reservaciones de tu cuenta.',
  calendarCancelHint: 'El archivo adjunto la quita de tu calendario.',
  details: {
    class: 'Clase',
    date: 'Fecha',
    time: 'Hora',
    location: 'Sede',
    address: 'Dirección',
    spot: 'Lugar',
    guest: 'Invitado',
  },
  /** The calendar event's title and description. */
  calendar: {
    summary: '{class_type} — {studio}',
    guestSummary: '{class_type} ({guest}) — {studio}',
    description: 'Reservación {id} en {studio}.',
  },
  signature: 'Nos vemos pronto,\n{studio}',
  fallbackClassType: 'Clase',
  fallbackLocation: 'el estudio',
  /** Dates in subjects and bodies, dayjs formats in Spanish. */
  dateFormat: 'dddd D [de] MMMM [de] YYYY',
  subjectDateFormat: 'dddd D [de] MMMM, HH:mm',
  timeFormat: 'HH:mm [h]',
  /** The local mail viewer (npm start only). */
  viewer: {
    title: 'Correos enviados (local)',
    empty: 'Todavía no hay correos.',
    to: 'Para',
    subject: 'Asunto',
    kind: 'Tipo',
    sent: 'Escrito',
    back: '← Todos los correos',
    download: 'Descargar {filename}',
    notFound: 'No encontramos ese correo.',
    text: 'Texto',
  },
} as const;
