/** Spanish texts of checkout, purchases and invoices; part of the one catalogue in ../messages.ts. */
export const checkoutMessages = {
  // Spec texts (verbatim: public-site-and-checkout §2, §5, §8; customer-area §4, §8).
  purchaseFailed: 'Hubo un error al procesar tu compra. Inténtalo más tarde.',
  noPaymentMethod: 'No has seleccionado un método de pago.',
  soldOut: 'Lo sentimos, se ha alcanzado el límite de personas para este paquete.',
  limitReached: 'Lo sentimos, ya has alcanzado el límite de compras de este paquete.',
  packageNotFound: 'Lo sentimos, no encontramos el paquete que quieres comprar.',
  cancelReasonRequired: 'Debes indicar un motivo de cancelación.',
  paymentSucceeded: '¡Pago exitoso!',
  purchaseSucceeded: '¡Compra exitosa!',
  subscriptionCancelled: '¡Suscripción cancelada!',
  noPurchases: 'No has hecho ninguna compra.',
  getOffer: 'Obtener Oferta',
  completeSignup: 'Completar Inscripción',
  cashPendingReservation: 'Pago en Efectivo Incompleto',

  // Card declines (§8, 402): the spec's words where it gives them, ours where it only names the case.
  declines: {
    insufficientFunds: 'Lo sentimos. Tu tarjeta ha sido rechazada por fondos insuficientes.',
    lostOrStolen: 'Lo sentimos. Tu tarjeta fue reportada como perdida o robada; usa otra tarjeta.',
    declined: 'Lo sentimos. Tu banco rechazó la tarjeta; comunícate con tu banco o usa otra tarjeta.',
    expired: 'Lo sentimos. Tu tarjeta ha expirado',
    incorrectCvc: 'El código de seguridad (CVV) de tu tarjeta es incorrecto.',
    incorrectNumber: 'El número de tu tarjeta es incorrecto.',
    suspicious: 'Lo sentimos, nuestro procesador de tarjetas ha rechazado el pago. Comunícate con nosotros.',
    cardFormat: 'El formato de la tarjeta no es válido, revisa los datos que ingresaste por favor.',
  },
  // Saved cards (spec texts).
  cardSaved: '¡Método de Pago guardado con éxito!',
  cardDeleted: 'Metodo de Pago eliminado con éxito.',
  sourceSaved: 'Método de pago guardado.',
  sourceDeleted: 'PaymentSource de Pago eliminado con éxito.',
  sourceDeleteFailed: 'Hubo un error al agregar este método de pago.',
  cardNotFound: 'No encontramos esa tarjeta entre tus métodos de pago.',
  cardUnusable: 'No pudimos guardar esta tarjeta en tu cuenta. Vuelve a capturar sus datos para agregarla.',
  noSavedCard: 'No hay una tarjeta guardada para cobrar esta compra.',
  onlyOwnCheckout: 'Solo puedes comprar para tu propia cuenta.',
  savedCardsDisabled: 'Este estudio no guarda tarjetas.',
  cardPaysSubscription: 'Esta tarjeta paga tu suscripción {titles}. Elige otra de tus tarjetas para cobrarla antes de eliminar esta.',
  replacementCardInvalid: 'Elige otra de tus tarjetas guardadas para cobrar tu suscripción.',

  // Checkout rules the spec leaves open (docs/payments/README.md).
  methodUnavailable: 'Este método de pago no está disponible en este momento.',
  subscriptionsDisabled: 'Por ahora no vendemos suscripciones.',
  usePayPalButtons: 'Para pagar con PayPal usa el botón de PayPal.',
  subscriptionNeedsRecurring: 'Las suscripciones se pagan con tarjeta o PayPal.',
  pendingExists: 'Ya tienes una compra pendiente de este paquete. Complétala o cancélala en Mis Compras antes de pagar con otro método.',
  cashPendingLimit: 'Ya tienes una compra en efectivo pendiente. Págala en el estudio o cancélala en Mis Compras antes de hacer otra.',
  cashPendingLimitMany: 'Ya tienes {n} compras en efectivo pendientes. Págalas en el estudio o cancela alguna en Mis Compras antes de hacer otra.',
  signupFeeRequired: 'Antes de comprar este paquete completa tu inscripción.',
  customerRequired: 'Completa tu registro antes de comprar.',
  cashPending: 'Tu compra quedó pendiente de pago en efectivo. Sigue las instrucciones para completarla.',
  cardPending: 'Estamos procesando tu pago.',
  invalidSignature: 'La firma del aviso de pago no es válida.',
  processorMissing: 'Este procesador de pagos no está configurado.',
  cashInstructionsDefault: 'Paga en recepción o por transferencia y muestra tu número de orden. Tus clases se activan cuando confirmemos el pago.',

  // Purchases.
  purchaseNotFound: 'No encontramos esa compra.',
  /** A downloadable package's material (docs/packages "Downloadable packages"). */
  downloadUnpaid: 'Podrás descargar el material de este paquete en cuanto se confirme el pago de tu compra.',
  downloadUnavailable: 'Esta compra ya no da acceso al material descargable.',
  noDownload: 'Este paquete no tiene material descargable.',
  notPending: 'Esta compra ya no está pendiente de pago.',
  notCancellable: 'Esta compra no se puede cancelar.',
  subscriptionCancelUnavailable: 'No pudimos cancelar tu suscripción en este momento. No se hizo ningún cambio; inténtalo de nuevo en unos minutos.',
  cashConfirmed: 'Pago en efectivo confirmado: las clases ya están disponibles.',
  cashRejected: 'Compra en efectivo rechazada.',
  purchaseCancelled: 'Compra cancelada.',
  refunded: 'Compra reembolsada: sus créditos se retiraron.',
  notRefundable: 'Solo se reembolsan compras pagadas que no se hayan reembolsado o revocado.',

  /** Why a purchase ended without payment (cancel_reason when the system or an admin set it). */
  reasons: {
    lapsed: 'El plazo para pagar en efectivo venció.',
    unpaid: 'El pago no se completó a tiempo.',
    rejected: 'El estudio no recibió el pago.',
    replaced: 'Se reemplazó por otra compra del mismo paquete.',
  },

  /** Purchase and invoice statuses as customers read them (customer-area §4). */
  statuses: {
    active: 'Activa',
    completed: 'Completada',
    pending: 'Pendiente',
    failed: 'Fallido',
    cancelled: 'Cancelada',
    revoked: 'Revocada',
  },
} as const;
