/**
 * Spanish texts of the purchase and payment e-mails (functions/src/services/mail/purchase-mail*.ts,
 * docs/mail "Purchases and payments"); part of the one catalogue in ../messages.ts.
 * `{…}` placeholders are filled with `fill`; dates arrive formatted in the studio's zone.
 */
export const purchaseMailMessages = {
  subjects: {
    cashPending: 'Completa tu compra en {studio}: Orden #00{id}',
    oxxoVoucher: 'Tu ficha OXXO para completar tu compra en {studio}: Orden #00{id}',
    purchasePaid: 'Recibo de tu compra en {studio}: Orden #00{id}',
    freeOffer: 'Tu oferta en {studio}: {title}',
    trialStarted: 'Tu prueba gratuita en {studio} comenzó: {title}',
    renewalPaid: 'Recibo de tu suscripción en {studio}: {title}',
    renewalFailed: 'No pudimos cobrar tu suscripción: {title}',
    cashCancelled: 'Tu compra en efectivo se canceló: Orden #00{id}',
  },
  cashPending:
    'Recibimos tu pedido. Para completarlo, paga en efectivo antes del {pay_by}; en cuanto el estudio confirme tu pago, tus clases estarán en tu cuenta.',
  cashPendingBookable: 'Ya puedes reservar con estas clases; tus reservaciones dirán «Pago en Efectivo Incompleto» hasta que el estudio confirme tu pago.',
  instructions: 'Cómo pagar: {instructions}',
  oxxoVoucher:
    'Recibimos tu pedido. Para completarlo, paga {amount} en efectivo en cualquier tienda OXXO antes del {expires} con la referencia {reference}. Tu compra se completará en cuanto OXXO nos reporte el pago.',
  oxxoVoucherLink: 'Ver e imprimir tu ficha: {url}',
  purchasePaid: 'Gracias por tu compra. Tus clases ya están en tu cuenta.',
  freeOffer: '¡Listo! Tu oferta ya está en tu cuenta.',
  trialStarted:
    'Tu prueba gratuita comenzó y tus clases ya están en tu cuenta. El primer cargo, de {amount}, será el {first_charge}; puedes cancelar antes desde Mis Compras.',
  renewalPaid: 'Cobramos la renovación de tu suscripción. Las clases del nuevo periodo ya están en tu cuenta.',
  renewalFailed:
    'No pudimos cobrar la renovación de tu suscripción. Revisa tu tarjeta en Métodos de pago: intentaremos cobrarla de nuevo y, mientras tanto, no se agregan clases del nuevo periodo.',
  cashCancelled: 'Tu compra en efectivo se canceló; no se cobró nada.',
  reason: 'Motivo: {reason}',
  details: {
    order: 'Orden',
    package: 'Paquete',
    total: 'Total',
    method: 'Método de pago',
    date: 'Fecha',
    reference: 'Referencia OXXO',
  },
  orderNumber: '#00{id}',
  dateFormat: 'D [de] MMMM [de] YYYY, HH:mm [h]',
};
