/**
 * Spanish texts of the customer's Calendario (/mystudio, customer-area §2, §4):
 * the week, the class cards and the booking modals; part of the one catalogue
 * in ../messages.ts. Texts named by the spec are copied exactly. Statuses,
 * waitlist confirmations and penalties are booking's, waitlist's and penalties'.
 */
export const calendarMessages = {
  title: 'Calendario',
  loadError: 'No pudimos cargar las clases de esta semana.',
  /** Month header and week navigator. */
  monthNav: 'Mes',
  previousMonth: 'Mes anterior',
  nextMonth: 'Mes siguiente',
  week: 'Semana {n}',
  weekRange: '{start} – {end}',
  previousWeek: 'Semana anterior',
  nextWeek: 'Semana siguiente',
  thisWeek: 'Hoy',
  /** Legend (§2). */
  legend: 'Simbología',
  available: 'Disponible',
  reserved: 'Reservada',
  noSpots: 'Sin Lugares',
  /** Filter. */
  locationFilter: 'Estudio',
  allLocations: 'Todos los Estudios',
  /** Empty texts (§2). */
  emptyWeek: 'No hay más clases programadas esta semana',
  emptyDay: 'No hay clases programadas',
  /** Class card. */
  classFallback: 'Clase',
  started: 'Ya comenzó',
  cancelledClass: 'Cancelada por el estudio',
  reservedCount: 'Reservada · {n} lugares',
  yourSpot: 'Tu lugar: {spot}',
  guestOf: 'Invitado: {name}',
  waitlistPosition: 'Estás en el lugar {n} de la lista de espera',
  actions: 'Acciones para {class} del {day} a las {time}',
  book: 'Reservar',
  waitlist: 'Lista de Espera',
  buy: 'Comprar',
  cancel: 'Cancelar',
  cancelGuest: 'Cancelar invitado',
  guest: '+1',
  guestLabel: '+1: agregar un invitado a {class}',
  leaveWaitlist: 'Salir de la lista',
  leaveWaitlistConfirm: '¿Quieres salir de la lista de espera de {class}? Perderás tu lugar en la fila.',
  alreadyBooked: 'Ya tienes tu lugar en esta clase.',
  understood: 'Entendido',
  /** Booking modal (§2). */
  bookTitle: 'Reservar clase',
  guestTitle: 'Agregar invitado',
  when: '{day} {date} · {time}',
  withCoaches: 'Con {names}',
  coachesLabel: 'Coaches',
  pickSpot: 'Elige tu lugar',
  pickSpotHint: 'Si no eliges uno, te asignamos un lugar libre.',
  spotsLoading: 'Cargando lugares…',
  noFreeSpots: 'Ya no quedan lugares libres en esta clase.',
  bringGuest: 'Llevar un invitado (+1)',
  /** The studio's booking questions (ADR 0115), asked in the booking modal. */
  questionsLegend: 'Antes de tu clase',
  /** The profile's questions (custom fields of 'customer', ADR 0118), asked once in the booking modal before the first booking. */
  intakeLegend: 'Completa tu perfil',
  intakeHint: 'El estudio necesita estos datos para tus reservaciones.',
  intakeContinue: 'Continuar',
  guestName: 'Nombre de tu invitado',
  guestCredit: 'Tu invitado usa un crédito más.',
  confirmBook: 'Reservar',
  confirmGuest: 'Reservar lugar del invitado',
  close: 'Cerrar',
  booked: '¡Reservación guardada con éxito!',
  guestBooked: 'Reservación registrada.',
  spotsRefreshed: 'Actualizamos el mapa con los lugares libres.',
  /** Waitlist modal (the spec's "waitlist explanation"). */
  waitlistTitle: 'Lista de Espera',
  waitlistExplain:
    'Esta clase está llena. Si te anotas y se libera un lugar, te reservamos automáticamente en el orden de la lista, con uno de tus créditos, y te avisamos por correo. El crédito solo se usa si obtienes el lugar.',
  waitlistCutoff: 'La lista de espera cierra {n} minutos antes de la clase.',
  joinWaitlist: 'Anotarme',
  notNow: 'Ahora no',
  /** Blocking notices (§4, §8). */
  penaltyTitle: 'No puedes reservar por ahora',
  penaltyExplain: 'Las penalizaciones se aplican después de {n} inasistencias seguidas con un paquete ilimitado. Cuando termine podrás reservar de nuevo.',
  creditsTitle: 'Sin créditos disponibles',
  creditsExplain: 'Ya no tienes créditos para esta clase. Compra un paquete y te regresamos aquí para terminar tu reservación.',
  guestCreditsExplain:
    'Para tu invitado necesitas un crédito más (las membresías ilimitadas son personales). Compra un paquete y te regresamos aquí para terminar tu reservación.',
  toPackages: 'Ver paquetes',
  fullTitle: 'Clase llena',
  signInTitle: 'Inicia sesión para reservar',
  signInExplain: 'Inicia sesión o crea tu cuenta; en cuanto entres seguimos con tu reservación.',
  createAccount: '¿No tienes cuenta? Crea una aquí',
  signUpTitle: 'Crea tu cuenta para reservar',
  haveAccount: '¿Ya tienes cuenta? Inicia Sesión',
  anonymousHint: 'Inicia sesión para reservar tus clases.',
  signIn: 'Iniciar sesión',
  /** Promotional popup, once per day. */
  promoTitle: 'Promoción',
  promoAlt: 'Promoción del estudio',
} as const;
