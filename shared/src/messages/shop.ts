/**
 * Spanish texts of the web's shop, checkout, order confirmation, Mis Compras
 * and Mis Cargos that neither ../messages.ts nor ./checkout.ts already hold
 * (reuse those first: checkoutMessages.statuses, getOffer, completeSignup…).
 * Spec texts are verbatim (public-site-and-checkout §2, §8; customer-area §5);
 * the rest are ours, written where the spec leaves the wording open.
 */
export const shopMessages = {
  // Shop (public /paquetes and /mystudio/paquetes).
  buy: 'Comprar',
  buyPackage: 'Comprar {title}',
  regularPrice: 'Precio regular',
  salePrice: 'Precio de oferta',
  unlimitedClasses: 'Ilimitadas',
  unlimitedClassesCount: 'Clases ilimitadas',
  oneClass: '1 clase',
  nClasses: '{n} clases',
  validity: 'Vigencia de {n} días',
  trialBadge: 'Prueba gratis de {n} días',
  loadError: 'No pudimos cargar los paquetes.',

  // Checkout (§2).
  buying: 'Estás Comprando',
  signInTitle: 'Inicia sesión para comprar',
  signInBody: 'Necesitas una cuenta para completar tu compra. Inicia sesión o regístrate y vuelve a este paquete.',
  signIn: 'Inicia Sesión',
  signUp: 'Regístrate',
  discountTitle: '¿Tienes un código de descuento?',
  applyDiscount: 'Aplicar',
  validatingDiscount: 'Validando descuento…',
  discountApplied: 'Descuento {code} aplicado.',
  removeDiscount: 'Quitar descuento',
  methodLegend: 'Método de pago',
  methods: { cash: 'Efectivo', card: 'Tarjeta', oxxo: 'OXXO', paypal: 'PayPal' },
  noMethods: 'Por ahora no hay ningún método de pago disponible para este paquete. Comunícate con nosotros para completar tu compra.',
  cashNote: 'Tu compra quedará pendiente hasta que el estudio confirme tu pago en efectivo o por transferencia.',
  sessionNote: 'Te llevaremos a la página segura de pago para completar tu compra.',
  methodNotYet: 'Este método de pago aún no está disponible en línea. Elige otro, por favor.',
  subscriptionReminder: 'Recuerda: este paquete es una suscripción. Se cobrará automáticamente {wording} hasta que la canceles en Mis Compras.',
  summary: 'Resumen',
  subtotal: 'Subtotal',
  discount: 'Descuento',
  total: 'Total',
  totalToday: 'Total a pagar hoy',
  trialNextCharge: 'Tu prueba gratis dura {days} días. El primer cargo de {amount} será el {date}.',
  renewal: 'Después, {amount} {wording}.',
  pay: 'Pagar',
  paying: 'Procesando tu compra…',
  cardLabel: 'Datos de la tarjeta',
  cardLoading: 'Cargando el formulario de la tarjeta…',
  cardUnavailable: 'No pudimos cargar el formulario de la tarjeta. Recarga la página o elige otro método de pago.',
  signupFeeBody: 'Antes de comprar este paquete necesitas completar tu inscripción.',
  termsDocuments: 'Documentos',
  /** Stripe.js is needed without the card element too (a saved card's 3-D Secure, the OXXO voucher). */
  processorUnavailable: 'No pudimos conectar con el procesador de pagos. Recarga la página o elige otro método de pago.',
  savedCardsLegend: 'Tarjeta para pagar',
  useSavedCard: 'Usar tarjeta •••• {last}',
  useNewCard: 'Usar otra tarjeta',
  paypalNote: 'Se abrirá una ventana de PayPal para que inicies sesión y apruebes el pago.',
  paypalLabel: 'Pago con PayPal',
  paypalLoading: 'Cargando PayPal…',
  paypalAcceptTerms: 'Acepta los documentos para ver el botón de PayPal.',
  paypalUnavailable: 'No pudimos cargar PayPal. Recarga la página o elige otro método de pago.',
  paypalCancelled: 'Cancelaste el pago con PayPal. Puedes intentarlo de nuevo cuando quieras.',
  oxxoNote: 'Generaremos una ficha de pago para que pagues en efectivo en cualquier tienda OXXO en un plazo de 3 días.',

  /** Card-element flow (§8) texts the server's declines (checkoutMessages.declines) do not cover. */
  cardErrors: {
    generic: 'Hubo un error al procesar tu compra: {message}',
    authentication: 'Tu banco no pudo autenticar el pago. Intenta de nuevo o usa otra tarjeta.',
  },

  // Order confirmation (/gracias/{id}).
  orderDate: 'Fecha',
  orderStatus: 'Estado',
  orderClasses: 'Clases',
  orderPaymentMethod: 'Método de pago',
  orderAccount: 'Cuenta',
  orderValidity: 'Tus clases vencen {n} días después de activarse.',
  orderRenewal: 'Tu suscripción se renueva automáticamente {wording}.',
  receiptAlt: 'Recibo de {title}',
  goToMyClasses: 'Ir a Mis Clases',
  cashInstructionsTitle: 'Instrucciones de pago',
  payBy: 'Realiza tu pago antes del {date}.',
  stillProcessing: 'Tu pago sigue en proceso. Revisa Mis Compras en unos minutos.',
  orderLoadError: 'No pudimos cargar tu orden.',
  oxxoPending: 'Paga tu ficha en cualquier tienda OXXO en un plazo de 3 días. Tu compra se completará en cuanto OXXO nos reporte el pago.',

  // Mis Compras and Mis Cargos (customer-area §5).
  columns: { package: 'Paquete', date: 'Fecha', total: 'Total', status: 'Estado', method: 'Método de pago', actions: 'Acciones' },
  viewOrder: 'Ver orden',
  cancelPurchase: 'Cancelar',
  cancelPurchaseOf: 'Cancelar la compra de {title}',
  cancelQuestion: '¿Seguro que quieres cancelar tu compra de {title}? Cuéntanos el motivo.',
  confirmCancel: 'Cancelar compra',
  keepPurchase: 'Volver',
  purchasesLoadError: 'No pudimos cargar tus compras.',
  noInvoices: 'No tienes cargos registrados.',
  invoicesLoadError: 'No pudimos cargar tus cargos.',
  renewalInvoice: 'Renovación',

  // Métodos de Pago (/mystudio/metodos); the spec's texts are in checkoutMessages (sourceSaved, sourceDeleted, sourceDeleteFailed).
  /** The spec shows mastercard and visa by name and anything else as amex (customer-area §3). */
  cardBrands: { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express' },
  cardDigits: '•••• {last}',
  cardExpires: 'Vence {date}',
  savedCardsList: 'Tarjetas guardadas',
  noSavedCards: 'Aún no tienes tarjetas guardadas.',
  savedCardsLoadError: 'No pudimos cargar tus métodos de pago.',
  addCard: 'Agregar tarjeta',
  addCardTitle: 'Nueva tarjeta',
  saveCard: 'Guardar tarjeta',
  savingCard: 'Guardando tu tarjeta…',
  deleteCard: 'Eliminar',
  deleteCardOf: 'Eliminar la tarjeta {brand} terminación {last}',
  deleteCardQuestion: '¿Seguro que quieres eliminar la tarjeta {brand} terminación {last}?',
} as const;
