/** Spanish texts of the access area (grants, credits, ledger, videos); part of the one catalogue in ../messages.ts. */
export const accessMessages = {
  // Spec texts (verbatim).
  accessGranted: '¡Acceso agregado!',
  accessRevoked: '¡Acceso eliminado!',
  classesRemoved: '¡Clases Restadas!',
  paymentMethodRequired: 'No has seleccionado un método de pago.',
  videoNotFound: 'Lo sentimos, no hemos encontrado este video.',
  noOnlineMembership: 'Lo sentimos, no cuentas con una membresía activa para clases online',

  // Credits and grants.
  lotRevoked: 'Estos créditos fueron revocados y ya no se pueden usar.',
  insufficientCredits: 'No hay suficientes clases disponibles.',
  notEnoughToRemove: 'No se pueden restar {amount}: el cliente solo tiene {available}.',
  classCountOne: '{n} clase disponible',
  classCountOther: '{n} clases disponibles',
  alreadyRevoked: 'Este acceso ya fue eliminado.',
  purchaseNotFound: 'No encontramos la compra.',
  packageNotFound: 'No encontramos el paquete.',
  packageArchived: 'Este paquete está archivado y ya no se puede otorgar. Elige otro paquete.',
  paymentMethodNotFound: 'No encontramos el método de pago.',
  lotNotFound: 'No encontramos estos créditos.',
  unlimitedIsFixed: 'Los créditos ilimitados no cambian de cantidad, y los limitados no pueden volverse ilimitados.',
  expirationInPast: 'La fecha de vencimiento no puede ser anterior a hoy.',
  classTypeNotFound: 'Ese tipo de clase no existe.',
  allowedTimes:
    'Indica los horarios como días de la semana (1 = lunes … 7 = domingo) con hora de inicio y de fin (HH:mm, el inicio antes del fin); como máximo 14.',
  creditsAmount: 'Debe ser -1 (ilimitadas) o un número entero entre {min} y {max}.',
  range: 'Debe ser un número entero entre {min} y {max}.',

  // Revokes and refunds at the processor (docs/payments "Refunds, revokes and disputes").
  accessRevokedNow: '¡Acceso eliminado! La suscripción se canceló en el procesador de pagos: no se le volverá a cobrar.',
  accessRevokedAtPeriodEnd:
    '¡Acceso eliminado al final del periodo! La suscripción no se renovará: conserva sus créditos hasta que venzan y no se le volverá a cobrar.',
  processorUnavailable: 'No pudimos comunicarnos con el procesador de pagos. No se cambió nada; intenta de nuevo en unos minutos.',
  refundPartialNotSupported: 'PayPal solo permite reembolsar completo el pago de una suscripción.',
  refundedPartialKept: 'Reembolso parcial registrado: conserva sus créditos.',
  refundedPartialRemoved: 'Reembolso parcial registrado: sus créditos restantes de esta compra se retiraron.',
  refundTooLarge: 'El reembolso no puede ser mayor a {max} (lo pagado menos lo ya reembolsado).',
  refundAmount: 'Escribe un monto mayor a 0 con máximo dos decimales.',
  notRefundable: 'Solo se reembolsan compras pagadas con saldo por reembolsar.',
  revokeWhen: 'Indica si la suscripción se cancela ahora o al final del periodo.',

  // Videos.
  referenceNotFound: 'No existe.',
  urlFormat: 'Escribe una dirección que empiece con https:// o /.',
  instantFormat: 'Debe ser una fecha y hora válida (ISO 8601 con zona).',
} as const;
