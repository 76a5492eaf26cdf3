/** Spanish texts of the customer's notifications and calendar feed; part of the one catalogue in ../messages.ts. */
export const notificationsMessages = {
  notFound: 'No encontramos esa notificación.',
  idFormat: 'El identificador de la notificación no es válido.',
  feedNotFound: 'Este calendario no existe o su enlace fue reemplazado. Copia el enlace nuevo desde tu cuenta.',
  /** The subscribed calendar's name (X-WR-CALNAME): the studio's name and what it holds. */
  feedName: '{studio} — Mis clases',
  feedDescription: 'Tus próximas clases reservadas en {studio}.',
} as const;
