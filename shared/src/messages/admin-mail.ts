/**
 * Spanish texts of the admin's sent e-mail screen (/admin/correos, GET
 * /api/mail); imported from this file directly, like the other area catalogues.
 */
export const adminMailMessages = {
  title: 'Correos enviados',
  intro: 'Los correos que la aplicación escribió para los clientes, del más reciente al más antiguo.',
  filterLabel: 'Destinatario',
  filterHint: 'El correo exacto del cliente.',
  filterSubmit: 'Filtrar',
  filterClear: 'Quitar filtro',
  loading: 'Cargando correos…',
  empty: 'No hay correos.',
  emptyFiltered: 'No hay correos para {to}.',
  total: '{total} correos',
  columns: { date: 'Fecha', to: 'Destinatario', subject: 'Asunto', state: 'Estado' },
  /** delivery.state of the Trigger Email extension; null (not processed yet) reads as pending. */
  states: { PENDING: 'Pendiente', PROCESSING: 'Enviando', SUCCESS: 'Enviado', ERROR: 'Error' },
  open: 'Ver correo',
  detailLoading: 'Cargando el correo…',
  detailError: 'Error de envío: {error}',
  detailAttempts: 'Intentos',
  textBody: 'Contenido',
  pager: 'Páginas',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: 'Página {page} de {pages}',
  /** The API's own refusals. */
  notFound: 'No encontramos ese correo.',
  idFormat: 'El identificador del correo no es válido.',
  pageTooFar: 'La página no puede ser mayor que {n}.',
} as const;
