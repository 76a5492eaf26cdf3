/**
 * Spanish texts of Mis Reservaciones (/mystudio/reservaciones, customer-area §2, §4, §5, §8);
 * part of the one catalogue in ../messages.ts. Statuses and units are booking's (./booking.ts).
 * Texts named by the spec are copied exactly.
 */
export const reservationsMessages = {
  loadError: 'No pudimos cargar tus reservaciones.',
  /** Cancellation policy, from the studio's settings. */
  policyTitle: 'Política de cancelación',
  policyOnTime: 'Puedes cancelar tu reservación hasta {n} {unit} antes de tu clase y se te regresará tu crédito.',
  policyLate: 'Si cancelas después, tu crédito no se te regresará.',
  policyNoLate: 'Después ya no podrás cancelar.',
  policyLateOnly: 'Puedes cancelar tu reservación, pero tu crédito no se te regresará.',
  policyNone: 'El estudio no permite cancelar reservaciones.',
  policyLimit: 'Puedes cancelar como máximo {n} {times} con cada paquete.',
  limitOne: 'reservación',
  limitMany: 'reservaciones',
  /** Credit balance. */
  balanceLabel: 'Tus clases',
  unlimited: 'Ilimitadas',
  available: 'Disponibles',
  expires: 'Vigencia: {date}',
  noExpiry: 'Sin vencimiento',
  buyClasses: 'Comprar Clases',
  /** Filters and pager. */
  filtersLabel: 'Filtrar reservaciones',
  filters: { all: 'Todas', upcoming: 'Próximas', past: 'Pasadas', cancelled: 'Canceladas' },
  pagerLabel: 'Páginas de reservaciones',
  previousPage: 'Anterior',
  nextPage: 'Siguiente',
  pageOf: 'Página {page} de {pages}',
  /** The list. */
  columns: { class: 'Clase', guest: 'Invitado', coach: 'Coach', date: 'Fecha y Hora', spot: 'Lugar', status: 'Estado', actions: 'Acciones' },
  empty: 'Aún no has reservado clases.',
  goBook: 'Ir a Reservar',
  emptyFiltered: 'No tienes reservaciones en este filtro.',
  classUnavailable: 'Clase no disponible',
  classCancelledByStudio: 'El estudio canceló esta clase.',
  creditReturned: 'Se te regresó tu crédito.',
  creditNotReturned: 'Tu crédito no se te regresó.',
  yourRating: 'Tu calificación: clase {class} de 5, coach {coach} de 5',
  /** Row actions; the `…Of` variants name the class for screen readers. */
  // Each button's name starts with its visible text (WCAG 2.5.3), then says which class.
  accessCode: 'Código de Acceso',
  accessCodeOf: 'Código de Acceso de {class}, {date}',
  rate: 'Calificar Clase',
  rateOf: 'Calificar Clase: {class}, {date}',
  cancel: 'Cancelar Clase',
  cancelOf: 'Cancelar Clase: {class}, {date}',
  addToCalendar: 'Agregar a mi calendario',
  addToCalendarOf: 'Agregar a mi calendario {class}, {date}',
  /** 'Cancelar Clase' modal. */
  cancelQuestion: '¿Quieres cancelar tu reservación de {class} del {date}?',
  lateCancelWarning: 'Debido a que faltan menos de {n} {unit} para tu clase, tu crédito para reservar clase no se te regresará.',
  confirmCancel: 'Sí, cancelar',
  /** The host's cancel, when their +1 has a place in the same class (issue 25). */
  guestQuestion: '¿Y el lugar de tu invitado, {guest}?',
  guestGoes: 'Cancelar también su lugar',
  guestStays: 'Conservar su lugar',
  keepReservation: 'No, conservarla',
  cancelled: 'Reservación cancelada.',
  /** 'Código de Acceso' modal. */
  accessCodeHint: 'Muestra este código en la recepción del estudio para registrar tu asistencia.',
  accessCodeQrLabel: 'Código QR de tu reservación {code}',
  /** 'Calificar Clase' modal (spec §5: stars 1 to 5; comment and buttons after the coach's stars). */
  classStars: 'La clase',
  coachStars: 'El coach',
  starOption: '{n} de 5',
  comment: 'Comentario',
  submitRating: 'Calificar',
  rated: '¡Gracias por calificar tu clase!',
  /** Calendar: one class as a file, or every upcoming class through the private feed. */
  icsFileName: 'clase-{id}.ics',
  feedTitle: 'Tus clases en tu calendario',
  feedIntro: 'Suscríbete una vez y tus próximas clases aparecerán solas en tu calendario.',
  feedShow: 'Suscribirme a mi calendario',
  feedOpen: 'Abrir en mi calendario',
  feedUrlLabel: 'Enlace privado de tu calendario',
  feedCopy: 'Copiar enlace',
  feedCopied: 'Enlace copiado.',
  feedPrivate: 'No compartas este enlace: quien lo tenga verá tus clases.',
  feedLoadError: 'No pudimos obtener el enlace de tu calendario.',
} as const;
