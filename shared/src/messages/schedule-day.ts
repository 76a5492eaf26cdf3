/**
 * Spanish texts of the phone schedule's day strip (docs/booking, "The phone
 * schedule"), shared by /calendario, /mystudio and the landing's schedule.
 * The spec leaves this wording open; these are ours.
 */
export const scheduleDayMessages = {
  strip: 'Días',
  today: 'Hoy',
  tomorrow: 'Mañana',
  /** The tab's accessible name: weekday and date in full. */
  dayLabel: '{weekday} {date}',
  showStarted: 'Ver {n} clases que ya comenzaron',
  showStartedOne: 'Ver 1 clase que ya comenzó',
  hideStarted: 'Ocultar las clases que ya comenzaron',
  noneLeftToday: 'Ya no quedan clases hoy.',
  nextDay: 'Ver el {day}',
} as const;
