/** Spanish texts of waitlists; part of the one catalogue in ../messages.ts. The two confirmations are the spec's. */
export const waitlistMessages = {
  joined: 'Anotada en lista de espera.',
  removed: 'Eliminada de lista de espera.',
  notFound: 'No encontramos ese lugar en la lista de espera.',
  disabled: 'El estudio no tiene lista de espera.',
  notFull: 'Esta clase todavía tiene lugares; resérvala directamente.',
  alreadyWaiting: 'Ya estás en la lista de espera de esta clase.',
  alreadyBooked: 'Ya tienes una reservación en esta clase.',
  closed: 'La lista de espera de esta clase ya cerró.',
  classCancelled: 'Esta clase fue cancelada.',
  cannotRejoin: 'Ese lugar en la lista de espera ya terminó; anótate de nuevo desde el calendario.',
  notYourself: 'Solo puedes anotarte a ti.',
} as const;
