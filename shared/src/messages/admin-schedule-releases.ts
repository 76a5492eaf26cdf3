/**
 * Spanish texts of the admin console's schedule releases screen
 * (/admin/lanzamientos, docs/adr/0103). The section's title is also its menu
 * label. Field labels come from ./fields.ts, the day and time inputs' texts
 * from ./studio-instant.ts, and validation texts from the
 * shared schema (schemas/schedule-release.ts), so the form says what the API says.
 */
export const adminScheduleReleasesMessages = {
  title: 'Lanzamientos del horario',
  intro:
    'Marca cuándo publicarás un horario nuevo. Desde {lead} minutos antes hasta {tail} minutos después de cada lanzamiento la API se mantiene preparada, para que las primeras personas en reservar nunca esperen a que arranque. Mantenerla preparada tiene un costo pequeño: marca solo los lanzamientos reales.',
  /** The scaling the API has now (GET … `scaling`). */
  scaling: {
    warm: 'Instancias mínimas ahora: {n} (lanzamiento «{name}»)',
    idle: 'Instancias mínimas ahora: {n}',
    levels: 'Sin lanzamiento: {baseline}; durante un lanzamiento: {warm}.',
    appliedAt: 'Último ajuste: {when}.',
  },
  list: {
    title: 'Próximos lanzamientos',
    loading: 'Cargando lanzamientos…',
    loadError: 'No pudimos cargar los lanzamientos.',
    empty: 'No hay lanzamientos próximos. Marca uno antes de publicar tu próximo horario.',
    columns: { name: 'Lanzamiento', startsAt: 'Fecha y hora', window: 'Preparación', actions: 'Acciones' },
    /** The warm window in the studio's time; a bound on another day carries its day. */
    window: 'API preparada de {from} a {until}',
    warmNow: 'Preparada ahora',
    delete: 'Eliminar',
    deleteOf: 'Eliminar: {name}',
    confirmDelete: '¿Seguro que quieres eliminar el lanzamiento «{name}»? La API ya no se preparará para él.',
    deleted: 'Lanzamiento eliminado.',
  },
  form: {
    title: 'Marcar un lanzamiento',
    nameHint: 'Por ejemplo: Horario de diciembre.',
    startsAtHint: 'Hasta {days} días adelante; máximo {max} lanzamientos próximos.',
    submit: 'Marcar lanzamiento',
    submitting: 'Guardando…',
    created: 'Lanzamiento marcado.',
  },
} as const;
