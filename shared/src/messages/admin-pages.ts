/**
 * Spanish texts of the admin console's content pages (/admin/paginas): the
 * list, the form and its rich-text editor. Field labels (Título, Dirección
 * (slug), Obligatoria al comprar/registrarse) come from ./fields.ts; saved and
 * deleted alerts are the common ones.
 */
export const adminPagesMessages = {
  title: 'Páginas',
  singular: 'Página',
  create: 'Nueva página',
  editOf: 'Editar: {name}',
  edit: 'Editar',
  remove: 'Eliminar',
  removeOf: 'Eliminar: {name}',
  removeQuestion: '¿Seguro que quieres eliminar la página {name}? Dejará de verse en el sitio.',
  empty: 'Aún no hay páginas.',
  listLoadError: 'No pudimos cargar las páginas.',
  actions: 'Acciones',
  flags: 'Obligatoria',
  yes: 'Sí',
  no: 'No',
  notFound: 'No encontramos esa página.',
  saving: 'Guardando…',
  slugHint: 'Minúsculas, números y guiones; la página se verá en /{slug}.',
  content: 'Contenido',
  contentHint: 'Usa la barra de formato o Ctrl+B / Ctrl+I. Al guardar se quita todo lo que no sea texto con formato, listas y enlaces.',
  toolbar: 'Formato del contenido',
  bold: 'Negritas',
  italic: 'Cursivas',
  heading: 'Título',
  subheading: 'Subtítulo',
  bulletList: 'Lista',
  numberedList: 'Lista numerada',
  link: 'Enlace',
  clearFormat: 'Quitar formato',
  linkUrl: 'Dirección del enlace',
  linkHint: 'https://…, mailto:… o una ruta del sitio como /paquetes',
  linkApply: 'Agregar enlace',
  linkCancel: 'Cancelar',
  linkInvalid: 'Usa una dirección que empiece con https://, http://, mailto: o /.',
  preview: 'Vista previa',
  previewHint: 'Así se verá la página una vez guardada.',
  previewEmpty: 'La página no tiene contenido.',
} as const;
