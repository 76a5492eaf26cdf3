/** Spanish texts of the customer's notifications and calendar feed; part of the one catalogue in ../messages.ts. */
export const notificationsMessages = {
  notFound: 'No encontramos esa notificación.',
  idFormat: 'El identificador de la notificación no es válido.',
  feedNotFound: 'Este calendario no existe o su enlace fue reemplazado. Copia el enlace nuevo desde tu cuenta.',
  /** The subscribed calendar's name (X-WR-CALNAME): the studio's name and what it holds. */
  feedName: '{studio} — Mis clases',
  feedDescription: 'Tus próximas clases reservadas en {studio}.',
  /** 'class-moved': a booked class's date or time changed (dates in studio time). */
  classMoved: {
    title: 'Tu clase cambió de horario',
    body: 'Tu clase de {class_type} en {location} ahora es el {date} a las {time} (antes: {old_date} a las {old_time}). Tu lugar sigue reservado.',
  },
  /** 'waitlist-promoted': a seat freed and the waitlist booked the customer into it. */
  waitlistPromoted: {
    title: 'Te conseguimos un lugar',
    body: 'Se liberó un lugar en tu clase de {class_type} del {date} a las {time} en {location} y te reservamos desde la lista de espera.',
    creditSpent: 'Usamos un crédito de tu paquete para esta reservación.',
    unlimited: 'Tu membresía ilimitada cubre esta reservación.',
  },
  /** The customer area's panel (web/src/features/notifications); not 'Avisos', which is the public announcements page. */
  panel: {
    title: 'Notificaciones',
    unread: '{n} sin leer',
    unreadOne: '1 sin leer',
    allRead: 'Todas leídas',
    unreadMark: 'Nueva',
    markRead: 'Marcar como leída',
    markReadOf: 'Marcar como leída: {title}',
    markAllRead: 'Marcar todas como leídas',
    markedOne: 'Notificación marcada como leída.',
    markedAll: 'Todas las notificaciones quedaron marcadas como leídas.',
    empty: 'No tienes notificaciones.',
    loadError: 'No pudimos cargar tus notificaciones.',
  },
  /** The menu badge: its accessible name (the visible text is only the number). */
  badgeLabel: '{n} notificaciones sin leer',
  badgeLabelOne: '1 notificación sin leer',
} as const;
