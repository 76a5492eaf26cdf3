/**
 * Spanish texts of the console's dashboard (/admin, GET /api/dashboard);
 * imported from this file directly, like the other area catalogues.
 */
export const dashboardMessages = {
  toBeforeFrom: 'La fecha final no puede ser anterior a la inicial.',
  periodTooLong: 'El periodo puede tener como máximo {n} días.',
  refreshTooSoon: 'Las cifras de hoy se acaban de calcular; intenta de nuevo en un minuto.',
  /** The screen (web/src/features/admin-dashboard). */
  title: 'Tablero',
  intro: 'Las cifras del estudio en el periodo elegido, por día de calendario del estudio.',
  loading: 'Cargando cifras…',
  loadError: 'No pudimos cargar las cifras.',
  period: {
    legend: 'Periodo',
    presets: { 7: 'Últimos 7 días', 30: 'Últimos 30 días', 90: 'Últimos 90 días' },
    customTitle: 'Otro periodo',
    from: 'Desde',
    to: 'Hasta',
    submit: 'Ver periodo',
    /** Both dates of the shown period, and how many days it has. */
    shown: 'Del {from} al {to} ({n} días)',
    badAddress: 'El periodo de la dirección no es válido; corrígelo abajo.',
  },
  updatedAt: 'Actualizado {when}',
  neverUpdated: 'Ninguna cifra de este periodo se ha calculado todavía.',
  refresh: 'Actualizar cifras de hoy',
  refreshing: 'Actualizando…',
  refreshed: 'Cifras de hoy actualizadas.',
  missingDays: 'Faltan por calcular {n} días del periodo; en las gráficas aparecen como «Sin datos todavía» y no cuentan en los totales.',
  missingDay: 'Falta por calcular 1 día del periodo; en las gráficas aparece como «Sin datos todavía» y no cuenta en los totales.',
  summaryTitle: 'Resumen',
  cards: {
    bookings: 'Reservaciones',
    bookingsNote: '{n} canceladas',
    occupancy: 'Ocupación promedio',
    occupancyNote: '{bookings} de {capacity} lugares',
    sales: 'Ventas',
    salesNote: '{n} compras',
    noShowRate: 'Tasa de inasistencia',
    noShowNote: '{n} de {total} reservaciones de clases terminadas',
    promotions: 'Promociones de lista de espera',
    promotionsNote: 'de {n} personas anotadas',
    creditsExpired: 'Créditos vencidos sin usar',
  },
  /** Shown instead of a figure that cannot be computed (no seats, no ended classes). */
  none: '—',
  noData: 'Sin datos todavía',
  seeData: 'Ver datos',
  emptyChart: 'No hay datos en este periodo.',
  /** Each chart: its caption, and the columns of the table behind it. */
  charts: {
    bookingsByDay: { title: 'Reservaciones por día', bookings: 'Reservaciones', cancellations: 'Cancelaciones' },
    byClassType: { title: 'Ocupación por tipo de clase', name: 'Tipo de clase' },
    byTimeSlot: { title: 'Ocupación por horario', name: 'Horario' },
    byPackage: { title: 'Ventas por paquete', name: 'Paquete', count: 'Compras', amount: 'Monto' },
    attendance: {
      title: 'Asistencia',
      part: 'Reservaciones de clases terminadas',
      attended: 'Asistieron',
      noShows: 'No asistieron',
      count: 'Cantidad',
      share: 'Porcentaje',
    },
    waitlist: { title: 'Lista de espera por día', joins: 'Se anotaron', promotions: 'Obtuvieron lugar' },
    credits: { title: 'Créditos vencidos sin usar por día', credits: 'Créditos vencidos' },
    day: 'Día',
    occupancy: 'Ocupación',
    bookings: 'Reservaciones',
    capacity: 'Lugares',
    classes: 'Clases',
    /** The y axis' top value, read before the chart. */
    scaleMax: 'Máximo: {n}',
  },
};
