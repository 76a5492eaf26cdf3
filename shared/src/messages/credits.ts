/**
 * Spanish texts of Mis Créditos (/mystudio/creditos, customer-area §2, §3; only
 * with allow_restricted_class_types); part of the one catalogue in ../messages.ts.
 * 'Ilimitadas', 'Disponibles' and 'Comprar Clases' are the spec's; the rest is ours.
 * `{…}` placeholders are filled with `fill`.
 */
export const creditsMessages = {
  intro: 'Tus clases disponibles, de la que vence primero a la última.',
  empty: 'No tienes créditos disponibles.',
  buyClasses: 'Comprar Clases',
  loadError: 'No pudimos cargar tus créditos.',
  listLabel: 'Tus créditos',
  unlimited: 'Ilimitadas',
  available: 'Disponibles',
  classCount: '{count} clases',
  classCountOne: '1 clase',
  validFor: 'Válidas para',
  anyClassType: 'Todas las clases presenciales',
  classTypeFallback: 'Tipo de clase #{id}',
  times: 'Horarios',
  anyTime: 'Cualquier horario',
  timeWindow: '{days}, de {start} a {end}',
  expires: 'Vencen',
  noExpiry: 'Sin vencimiento',
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  weekdays: ['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom'],
} as const;
