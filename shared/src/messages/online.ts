/**
 * Spanish texts of the customer's Online screens (/mystudio/online and
 * /mystudio/video/{id}, customer-area §2). The spec's own texts are the
 * first block; the video 404 and the 412 are accessMessages' (the server's
 * same words), repeated here so the web imports one file. `{…}` are filled with `fill`.
 */
export const onlineMessages = {
  // Spec texts (verbatim).
  empty: 'Aún no hay videos disponibles.',
  noOnlineMembership: 'Lo sentimos, no cuentas con una membresía activa para clases online',
  videoNotFound: 'Lo sentimos, no hemos encontrado este video.',
  favoriteAdded: '¡Favorito agregado!',
  favoriteRemoved: '¡Favorito eliminado!',

  // List.
  buyMembership: 'Comprar una membresía online',
  featured: 'Video destacado',
  watch: 'Ver video',
  filtersTitle: 'Filtros',
  search: 'Buscar videos',
  searchPlaceholder: 'Nombre del video',
  searchButton: 'Buscar',
  coach: 'Coach',
  anyCoach: 'Todos los coaches',
  classType: 'Tipo de clase',
  anyClassType: 'Todos los tipos',
  clearFilters: 'Limpiar filtros',
  view: 'Mostrar',
  viewAll: 'Todos',
  viewFavorites: 'Favoritos',
  viewCompleted: 'Completados',
  videosTitle: 'Videos',
  noMatches: 'No hay videos que coincidan con tu búsqueda.',
  noFavorites: 'Aún no tienes videos favoritos.',
  noCompleted: 'Aún no has completado ningún video.',
  loadError: 'No pudimos cargar los videos.',
  resultCountOne: '1 video',
  resultCountOther: '{n} videos',
  pager: 'Paginación de videos',
  previous: 'Anterior',
  next: 'Siguiente',
  pageOf: 'Página {page} de {pages}',
  minutes: '{n} min',
  favorite: 'Favorito: {name}',
  completed: 'Completado',
  withCoach: 'con {coach}',

  // Player page.
  backToOnline: 'Volver a Online',
  videoLoadError: 'No pudimos cargar este video.',
  markComplete: 'Marcar como completado',
  markIncomplete: 'Marcar como no completado',
  ratingTitle: 'Calificación',
  average: 'Promedio: {average} de 5 ({count})',
  ratingCountOne: '1 calificación',
  ratingCountOther: '{n} calificaciones',
  noRatings: 'Aún no hay calificaciones.',
  yourRating: 'Tu calificación',
  star: '{n} de 5 estrellas',
  comment: 'Comentario',
  sendRating: 'Enviar calificación',
  updateRating: 'Actualizar calificación',
  ratingSaved: '¡Gracias por calificar este video!',
  chooseStars: 'Elige de 1 a 5 estrellas.',
} as const;
