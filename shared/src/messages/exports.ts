/**
 * Spanish texts of the owner's CSV exports (docs/admin "CSV exports"): the
 * files' column headers and words, and the console's buttons.
 */
export const exportMessages = {
  title: 'Exportar a CSV',
  intro: 'Descarga los datos del periodo mostrado para abrirlos en Excel u otra hoja de cálculo.',
  kinds: { customers: 'Clientes', sales: 'Ventas', attendance: 'Asistencia' },
  download: 'Descargar {kind} (CSV)',
  downloading: 'Preparando {kind}…',
  downloaded: 'Se descargó {file}.',
  failed: 'No pudimos preparar el archivo. Inténtalo de nuevo.',
  fileName: '{kind}-{from}-a-{to}.csv',
  unknownKind: 'Solo se pueden exportar clientes, ventas o asistencia.',
  headers: {
    customers: ['Número de cliente', 'Nombre', 'Apellido', 'Correo', 'Teléfono', 'Cliente desde'],
    sales: ['Orden', 'Fecha', 'Número de cliente', 'Cliente', 'Correo', 'Paquete', 'Concepto', 'Método de pago', 'Estado', 'Total (MXN)'],
    attendance: ['Reservación', 'Clase', 'Fecha de la clase', 'Número de cliente', 'Cliente', 'Correo', 'Invitado', 'Lugar', 'Estado', 'Asistió'],
  },
  billingReason: { purchase: 'Compra', renewal: 'Renovación' },
  invoiceStatus: { completed: 'Cobrado', failed: 'Fallido' },
  reservationStatus: { active: 'Reservada', cancelled: 'Cancelada', classCancelled: 'Clase cancelada' },
  yes: 'Sí',
  no: 'No',
} as const;
