/**
 * Spanish texts of Mis Listas de Espera (/mystudio/waitlists, customer-area §2);
 * part of the one catalogue in ../messages.ts. The join/leave confirmations are
 * the spec's and live in ./waitlist.ts; the spec gives no empty-state wording,
 * so it is ours. `{…}` placeholders are filled with `fill`.
 */
export const waitlistsMessages = {
  intro: 'Tu lugar en cada fila se actualiza solo mientras ves esta pantalla.',
  empty: 'No estás en ninguna lista de espera.',
  goToCalendar: 'Ir al Calendario',
  loadError: 'No pudimos cargar tus listas de espera.',
  listLabel: 'Clases en las que esperas lugar',
  position: 'Lugar {position} en la fila',
  positionFirst: 'Eres la primera persona en la fila',
  positionPending: 'Lugar por confirmar',
  unknownClass: 'Clase',
  unknownLocation: 'Ubicación por confirmar',
  classCancelled: 'Clase cancelada',
  columns: {
    date: 'Fecha y Hora',
    location: 'Lugar',
    position: 'Tu lugar',
  },
  leave: 'Salir de la lista',
  leaveOf: 'Salir de la lista de espera de {name}, {date}',
  leaveQuestion: '¿Seguro que quieres salir de la lista de espera de {name} ({date})? Perderás tu lugar en la fila.',
} as const;
