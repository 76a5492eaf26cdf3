/**
 * Spanish texts of the admin console's catalogue screens (one list and one
 * form screen for every resource); part of the one catalogue in ../messages.ts.
 * Field labels come from ./fields.ts, validation texts from the shared schemas,
 * and saved/deleted alerts are the common ones ('Guardado con éxito.').
 */
export const adminCatalogueMessages = {
  resources: {
    locations: { title: 'Sedes', singular: 'Sede', create: 'Nueva sede' },
    class_types: { title: 'Tipos de clase', singular: 'Tipo de clase', create: 'Nuevo tipo de clase' },
    instructors: { title: 'Coaches', singular: 'Coach', create: 'Nuevo coach' },
    tags: { title: 'Etiquetas', singular: 'Etiqueta', create: 'Nueva etiqueta' },
    class_categories: { title: 'Categorías', singular: 'Categoría', create: 'Nueva categoría' },
    announcements: { title: 'Avisos', singular: 'Aviso', create: 'Nuevo aviso' },
    programs: { title: 'Programas', singular: 'Programa', create: 'Nuevo programa' },
    video_types: { title: 'Tipos de video', singular: 'Tipo de video', create: 'Nuevo tipo de video' },
    payment_methods: { title: 'Métodos de pago', singular: 'Método de pago', create: 'Nuevo método de pago' },
  },
  search: 'Buscar',
  empty: 'Aún no hay registros.',
  noMatches: 'Ningún registro coincide con la búsqueda.',
  actions: 'Acciones',
  edit: 'Editar',
  editOf: 'Editar: {name}',
  remove: 'Eliminar',
  removeOf: 'Eliminar: {name}',
  removeQuestion: '¿Seguro que quieres eliminar {name}?',
  yes: 'Sí',
  no: 'No',
  listLoadError: 'No pudimos cargar la lista.',
  pagerLabel: 'Páginas',
  previousPage: 'Anterior',
  nextPage: 'Siguiente',
  pageOf: 'Página {page} de {pages}',
  saving: 'Guardando…',
  spotMapHint: 'Ej. 4,5,5,4: cuántos lugares tiene cada fila, de adelante hacia atrás.',
} as const;
