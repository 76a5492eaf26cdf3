/**
 * Spanish texts of the admin console's customers (search and one customer's
 * detail with its actions); part of the one catalogue in ../messages.ts.
 * Field labels of the profile come from ./fields.ts, validation texts from the
 * shared schemas, and the actions' success texts are the spec's ones in
 * ./access.ts ('¡Acceso agregado!').
 */
export const adminCustomersMessages = {
  title: 'Clientes',
  /** The detail page's tab title (its h1 is the customer's name). */
  detailTitle: 'Cliente',
  searchLabel: 'Buscar cliente',
  searchHint: 'Nombre, correo, teléfono o número de orden (#00123).',
  orderFound: 'Orden encontrada',
  orderFacts: '{package} · {total} · {method} · {status}',
  orderBuyer: 'Cliente: ',
  orderBuyerGone: 'El cliente de esta orden ya no existe.',
  orderToPending: 'Ver en pagos pendientes',
  search: 'Buscar',
  resultsLabel: 'Clientes encontrados',
  empty: 'Aún no hay clientes.',
  noMatches: 'Ningún cliente coincide con la búsqueda.',
  total: '{n} clientes',
  listLoadError: 'No pudimos cargar los clientes.',
  columns: { name: 'Nombre', email: 'Correo', phone: 'Teléfono', since: 'Cliente desde' },
  pagerLabel: 'Páginas',
  previousPage: 'Anterior',
  nextPage: 'Siguiente',
  pageOf: 'Página {page} de {pages}',

  backToList: 'Volver a Clientes',
  detailLoadError: 'No pudimos cargar este cliente.',
  sectionLoadError: 'No pudimos cargar esta sección.',
  none: '—',
  profile: 'Perfil',
  signupOther: 'Otro: {text}',

  balance: 'Saldo',
  balanceLabel: 'Saldo del cliente',
  unlimited: 'Ilimitadas',
  expires: 'Vence el {date}',
  noExpiry: 'Sin vencimiento',
  available: 'clases disponibles',
  online: 'Membresía online',
  lots: 'Créditos vigentes',
  noLots: 'No tiene créditos vigentes.',
  lotColumns: { lot: 'Créditos', classes: 'Clases', expiry: 'Vence', restriction: 'Para' },
  lotOf: 'Créditos #{id}',
  unlimitedCount: 'Ilimitadas',
  anyClass: 'Cualquier clase',
  onlineOnly: 'Clases online',
  classTypeOf: 'Tipo de clase #{id}',
  drift: 'El historial ({ledger}) no coincide con los créditos ({lots}). Avisa a soporte.',

  ledger: 'Historial de créditos',
  noLedger: 'Aún no hay movimientos.',
  ledgerColumns: { date: 'Fecha', change: 'Cambio', reason: 'Motivo', actor: 'Hecho por' },
  kinds: {
    grant: 'Alta',
    remove: 'Clases restadas',
    adjust: 'Ajuste',
    revoke: 'Acceso eliminado',
    book: 'Reservación',
    refund: 'Devolución',
    'class-cancelled': 'Clase cancelada',
    'late-cancel': 'Cancelación tardía',
  } as Record<string, string>,
  roles: { admin: 'Administración', customer: 'Cliente', system: 'Sistema' } as Record<string, string>,
  unlimitedChange: 'Ilimitado',

  purchases: 'Compras',
  noPurchases: 'Aún no tiene compras.',
  purchaseColumns: { purchase: 'Compra', date: 'Fecha', total: 'Total', method: 'Pago', status: 'Estado' },
  gift: 'Regalo',
  purchaseStatus: {
    active: 'Activa',
    completed: 'Completada',
    pending: 'Pendiente',
    failed: 'Fallida',
    cancelled: 'Cancelada',
    revoked: 'Acceso eliminado',
  } as Record<string, string>,

  reservations: 'Reservaciones',
  noReservations: 'Aún no tiene reservaciones.',
  reservationColumns: { class: 'Clase', date: 'Fecha', spot: 'Lugar', status: 'Estado' },
  classUnavailable: 'Clase no disponible',

  waitlists: 'Listas de espera',
  noWaitlists: 'No está en ninguna lista de espera.',
  waitlistColumns: { class: 'Clase', date: 'Fecha', position: 'Lugar en la lista' },

  penalties: 'Penalizaciones',
  noPenalties: 'No tiene penalizaciones.',
  penaltyColumns: { period: 'Vigencia', reason: 'Motivo', state: 'Estado', actions: 'Acciones' },
  penaltyPeriod: '{start} – {end}',
  penaltyState: { active: 'Activa', lifted: 'Levantada', ended: 'Terminada' },
  noShows: 'Inasistencias',

  actions: 'Acciones',
  giveAccess: 'Dar acceso',
  revokeAccess: 'Revocar acceso',
  removeClasses: 'Quitar clases',
  liftPenalty: 'Levantar penalización',
  liftPenaltyOf: 'Levantar penalización: {period}',
  send: 'Confirmar',
  sending: 'Enviando…',
  optionsLoadError: 'No pudimos cargar las opciones. Cierra y vuelve a intentarlo.',

  packageLabel: 'Paquete',
  daysLabel: 'Días de vigencia',
  daysHint: 'Vacío: la vigencia del paquete. 0: hasta el final de hoy.',
  giftLabel: 'Es un regalo (sin pago)',
  paymentMethodLabel: 'Método de pago',
  billLabel: 'Requiere factura',

  purchaseLabel: 'Acceso a revocar',
  purchaseOption: '{order} {title} ({date})',
  nothingToRevoke: 'No tiene accesos que se puedan revocar.',
  revokeQuestion: '¿Seguro que quieres revocar {title}? Sus créditos restantes se pierden y no se puede deshacer.',

  revokeWhenLabel: '¿Cuándo termina la suscripción?',
  revokeNow: 'Ahora: se cancela en el procesador y sus créditos restantes se retiran.',
  revokeAtPeriodEnd: 'Al final del periodo pagado: no se renueva y conserva sus créditos hasta que venzan.',
  revokeQuestionSubscription:
    '¿Seguro que quieres revocar {title}? La suscripción se cancela en el procesador de pagos ahora y sus créditos restantes se pierden.',
  revokeQuestionAtPeriodEnd:
    '¿Seguro que quieres revocar {title} al final del periodo? La suscripción no se renovará y conserva sus créditos hasta que venzan.',

  refund: 'Reembolsar',
  refundOf: 'Reembolsar #{id} {title}',
  nothingToRefund: 'No tiene compras pagadas con saldo por reembolsar.',
  refundPurchaseLabel: 'Compra a reembolsar',
  refundPurchaseOption: '{order} {title}: pagó {paid}, reembolsable {left}',
  refundAmountLabel: 'Monto a reembolsar (MXN)',
  refundAmountHint: 'Hasta {max}. Vacío: todo lo que queda, {max}.',
  refundRemoveCredits: 'Retirar créditos',
  refundReasonLabel: 'Motivo',
  refundFullEffect: 'Reembolso completo: se devuelven {amount} y sus créditos restantes de esta compra se retiran.',
  refundFullSubscriptionEffect: 'Reembolso completo: se devuelven {amount}, la suscripción se cancela y sus créditos restantes de esta compra se retiran.',
  refundPartialKeepEffect: 'Reembolso parcial: se devuelven {amount} y conserva sus créditos.',
  refundPartialRemoveEffect: 'Reembolso parcial: se devuelven {amount} y sus créditos restantes de esta compra se retiran.',
  refundQuestion: '¿Confirmas el reembolso? {effect} No se puede deshacer.',
  refunded: 'Reembolsado: {amount}',

  amountLabel: 'Clases a quitar',
  amountHint: 'Tiene {n} clases disponibles; se quitan primero las que vencen antes.',

  liftReasonLabel: 'Motivo',
  penaltyLifted: 'Penalización levantada.',

  /** Creating a customer at the front desk (POST /api/customer) and editing one's profile; 'Perfil actualizado con éxito.' is messages.customer's. */
  newCustomer: 'Nuevo cliente',
  newCustomerTitle: 'Nuevo cliente',
  newCustomerHint: 'Le enviaremos un correo para que cree su contraseña.',
  create: 'Crear cliente',
  creating: 'Creando…',
  created: 'Cliente creado. Le enviamos un correo para crear su contraseña.',
  createdMailFailed: 'Cliente creado, pero no pudimos enviarle el correo. Pídele que use «¿Olvidaste tu contraseña?» para crearla.',
  /** The identity provider already has that address (said to the desk, not to the person, so no 'inicia sesión'). */
  emailTaken: 'Ya existe una cuenta con ese correo.',
  editProfile: 'Editar perfil',
  saving: 'Guardando…',

  /** The 'set your password' e-mail of a customer created at the desk. */
  welcomeMail: {
    subject: 'Crea tu contraseña de {studio}',
    greeting: 'Hola, {name}:',
    body: 'Te registramos en {studio}. Para entrar a tu cuenta, crea tu contraseña con este enlace:',
    action: 'Crear mi contraseña',
    ignore: 'Si no pediste esta cuenta, puedes ignorar este correo.',
  },
} as const;
