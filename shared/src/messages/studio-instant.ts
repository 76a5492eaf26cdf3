/**
 * Spanish texts of a date and time typed on the studio's clock and sent as
 * an instant (web/src/components/instant-field.tsx): the catalogue's
 * 'instant' fields and a schedule release's start.
 */
export const studioInstantMessages = {
  day: 'Fecha',
  time: 'Hora',
  zone: 'Hora del estudio ({zone}).',
  /** One of the two is missing on a field that may stay empty. */
  incomplete: 'Escribe la fecha y la hora, o deja ambas vacías.',
  /** One of the two is missing on a field that must be filled. */
  incompleteRequired: 'Escribe la fecha y la hora.',
} as const;
