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
    videos: { title: 'Videos', singular: 'Video', create: 'Nuevo video' },
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
  /** The class type's room editor; its limits' text is the schema's own (catalogue.validation.spotMapTooLarge). */
  spotMap: {
    hint: 'Los lugares se numeran fila por fila desde el frente, de izquierda a derecha, como los ven los clientes al reservar. Las clases ya creadas conservan el mapa que tenían: el cambio aplica a las clases que crees después.',
    none: 'Sin lugares asignados',
    room: 'Vista del salón',
    front: 'Frente',
    row: 'Fila {row}',
    rowSpots: 'Fila {row}: lugares {first} a {last}',
    rowSpot: 'Fila {row}: lugar {first}',
    spots: '{n} lugares',
    oneSpot: '1 lugar',
    removeSpot: 'Quitar un lugar de la fila {row}',
    addSpot: 'Agregar un lugar a la fila {row}',
    addRow: 'Agregar fila',
    removeRow: 'Quitar la última fila',
    minSpots: 'Cada fila tiene al menos un lugar.',
    minRows: 'El mapa tiene al menos una fila; si la clase no asigna lugares, marca «Sin lugares asignados».',
  },
  /** A field naming records of another resource: a select ('reference') or a group of checkboxes ('references'). */
  reference: {
    none: '—',
    unlisted: 'No disponible (n.º {id})',
    noOptions: 'Aún no hay registros para elegir.',
    loadError: 'No pudimos cargar las opciones; lo ya elegido se conserva al guardar.',
  },
  /** A date and time typed on the studio's clock and sent as an instant. */
  instant: {
    day: 'Fecha',
    time: 'Hora',
    zone: 'Hora del estudio ({zone}).',
    incomplete: 'Escribe la fecha y la hora, o deja ambas vacías.',
  },
  /** Videos: how the list marks what customers do not see yet, and the form's hints. */
  videos: {
    draft: 'Borrador',
    upcoming: 'Programado',
    urlHint: 'Una dirección https:// (Vimeo, YouTube…) o una ruta del sitio que empiece con /.',
    availableHint: 'Sin marcar es un borrador: los clientes no lo ven.',
    releaseHint: 'Los clientes lo ven desde ese momento; vacía en un video nuevo, desde que se guarda.',
  },
  /** Catalogue pictures (class types, coaches, programs), uploaded through /api/files as public files. */
  image: {
    hint: 'JPG, PNG, WebP o GIF de hasta {mb} MB. Es pública: cualquier visitante puede verla. El cambio se guarda con el formulario.',
    current: 'Imagen actual: {name}',
    currentFile: 'Archivo actual: {name}',
    none: 'Sin imagen.',
    upload: 'Subir imagen',
    change: 'Cambiar imagen',
    remove: 'Quitar imagen',
    uploading: 'Subiendo imagen…',
    uploaded: 'Imagen cargada: {name}. Guarda para conservarla.',
    removed: 'Imagen quitada. Guarda para confirmarlo.',
    notAnImage: 'Elige una imagen JPG, PNG, WebP o GIF.',
    wait: 'Espera a que termine de subir la imagen.',
  },
} as const;
