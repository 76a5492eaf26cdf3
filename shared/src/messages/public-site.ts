/**
 * Spanish texts of the public pages (public-site-and-checkout §2): avisos,
 * ubicación, horarios (/calendario and the instructor's week), coach and
 * instructor pages, preguntas frecuentes, and their landing sections. Screen
 * titles stay in ../messages.ts (messages.screens, messages.landing); spec
 * texts are verbatim (customer-area §2 for the calendar's wording), the rest
 * are ours, written where the spec leaves the wording open.
 */
export const publicSiteMessages = {
  // Avisos (/avisos and the landing section).
  announcementsLoadError: 'No pudimos cargar los avisos.',
  allAnnouncements: 'Ver todos los avisos',
  publishedOn: 'Publicado el {date}',

  // Ubicación (/ubicacion).
  locationsLoadError: 'No pudimos cargar las ubicaciones.',
  noLocations: 'Aún no hay ubicaciones registradas.',
  viewOnMap: 'Ver en el mapa',
  viewOnMapOf: 'Ver en el mapa: {name} (se abre en una pestaña nueva)',

  // Horarios (/calendario, /instructor/{id}, landing).
  scheduleLoadError: 'No pudimos cargar los horarios.',
  weekOf: 'Semana del {start} al {end}',
  previousWeek: 'Semana anterior',
  nextWeek: 'Semana siguiente',
  filters: 'Filtrar horarios',
  locationFilter: 'Estudio',
  allLocations: 'Todos los Estudios',
  instructorFilter: 'Coach',
  allInstructors: 'Todos los coaches',
  /** customer-area §2 (calendar). */
  emptyWeek: 'No hay más clases programadas esta semana',
  emptyDay: 'No hay clases programadas',
  oneSpot: '1 lugar',
  nSpots: '{n} lugares',
  soldOut: 'Sold Out',
  book: 'Reservar',
  bookClass: 'Reservar {class} del {day} a las {time}',
  waitlist: 'Lista de Espera',
  waitlistClass: 'Lista de espera de {class} del {day} a las {time}',
  started: 'Ya comenzó',
  cancelled: 'Cancelada',
  with: 'Con {names}',
  fullSchedule: 'Ver todos los horarios',
  classFallback: 'Clase',

  // Coach and instructor pages.
  coachLoadError: 'No pudimos cargar la información del coach.',
  coachPhoto: 'Foto de {name}',
  instagram: 'Instagram de {name}',
  mySchedule: 'Sus clases',
  viewClasses: 'Ver sus clases',

  // Preguntas frecuentes (/preguntas-frecuentes).
  faqEmpty: 'Aún no hay preguntas frecuentes.',
} as const;
