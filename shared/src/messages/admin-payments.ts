/**
 * Spanish texts of the admin's pending cash payments (/admin/pagos-pendientes);
 * imported from this file directly, like the other area catalogues.
 */
export const adminPaymentsMessages = {
  title: 'Pagos en efectivo',
  intro: 'Compras en efectivo que esperan el pago, la que vence primero arriba.',
  loading: 'Cargando pagos pendientes…',
  empty: 'No hay pagos en efectivo pendientes.',
  customer: 'Cliente',
  searchLabel: 'Buscar pago pendiente',
  searchHint: 'Número de orden (#00123, 123) o nombre o correo del cliente.',
  searchCount: '{n} de {total} pagos pendientes',
  noMatches: 'Ningún pago pendiente coincide con la búsqueda.',
  customerNumber: 'Cliente #{id}',
  package: 'Paquete',
  amount: 'Monto',
  createdAt: 'Fecha de compra',
  payBy: 'Vence',
  noPayBy: 'Sin vencimiento',
  confirm: 'Confirmar pago',
  confirming: 'Confirmando…',
  confirmQuestion: '¿Confirmas que recibiste {amount} de {customer} por {package} ({order})?',
  confirmed: 'Pago confirmado: {package}.',
  reject: 'Rechazar',
  rejectTitle: 'Rechazar el pago',
  rejectReason: 'Motivo (opcional)',
  rejectReasonHint: 'El cliente lo ve en su correo.',
  rejectSubmit: 'Rechazar pago',
  rejecting: 'Rechazando…',
  rejected: 'Pago rechazado: {package}.',
  cancel: 'Cancelar',
} as const;
