/**
 * Spanish texts of the catalogue area (locations, class types, categories,
 * instructors, tags, announcements, payment methods, programs, video types,
 * forms, custom fields, addresses); part of the one catalogue in ../messages.ts.
 * Texts the spec names are copied exactly ('payment_method saved.', 'Debes agregar tu ciudad.').
 */
export const catalogueMessages = {
  validation: {
    spotMapFormat: 'Escribe cuántos lugares tiene cada fila, separados por comas; por ejemplo 4,5,5,4.',
    spotMapTooLarge: 'El mapa admite hasta {rows} filas de {spots} lugares.',
    colorFormat: 'Usa un color hexadecimal, por ejemplo #2b9fa8.',
    handleFormat: 'Usa solo minúsculas, números y guiones.',
    fileSrcFormat: 'La dirección del archivo debe empezar con /, http:// o https://.',
    fieldKeyFormat: 'Usa minúsculas, números y guion bajo, empezando con una letra.',
    fieldKeyRepeated: 'La clave {key} está repetida.',
    optionsRequired: 'Agrega al menos una opción.',
    tooManyItems: 'Máximo {n} elementos.',
    addressFieldInAddressForm: 'El formulario de dirección no puede contener otro campo de dirección.',
    newCategoryId: "Para crear una categoría usa el id 'nueva'.",
  },
  locations: {
    notFound: 'No encontramos esta ubicación.',
    inUse: 'No puedes eliminar esta ubicación porque tiene clases programadas. Cámbialas de ubicación o cancélalas primero.',
  },
  classTypes: {
    notFound: 'No encontramos este tipo de clase.',
    inUseByClasses: 'No puedes eliminar este tipo de clase porque tiene clases programadas. Cámbialas o cancélalas primero.',
    inUseByPackages: 'No puedes eliminar este tipo de clase porque lo incluye un paquete activo: {packages}. Quítalo del paquete o desactívalo primero.',
  },
  classCategories: {
    notFound: 'No encontramos esta categoría.',
    handleTaken: 'Ya existe una categoría con ese identificador.',
    inUse: 'No puedes eliminar esta categoría porque tiene clases programadas. Cámbialas o cancélalas primero.',
  },
  instructors: {
    notFound: 'No encontramos a este instructor.',
    inUse: 'No puedes eliminar a este instructor porque tiene clases programadas. Asígnalas a otro instructor o cancélalas primero.',
  },
  tags: {
    notFound: 'No encontramos esta etiqueta.',
    inUse: 'No puedes eliminar esta etiqueta porque la usan clases programadas. Quítala de esas clases primero.',
    saved: 'Tag saved.',
    deleted: 'Tag deleted.',
  },
  announcements: {
    notFound: 'No encontramos este aviso.',
    saved: 'Announcement saved.',
    deleted: 'Announcement deleted.',
  },
  paymentMethods: {
    notFound: 'No encontramos este método de pago.',
    saved: 'payment_method saved.',
    deleted: 'payment_method deleted.',
    cardProtected: 'El método de pago con tarjeta es parte del checkout y no se puede eliminar.',
    cashProtected: "El método de pago 'Efectivo' es parte del checkout y no se puede eliminar ni renombrar.",
    cashTaken: "Ya existe el método de pago 'Efectivo'.",
  },
  programs: {
    notFound: 'No encontramos este programa.',
  },
  videoTypes: {
    notFound: 'No encontramos este tipo de video.',
  },
  forms: {
    notFound: 'No encontramos este formulario.',
    addressFormLocked: 'El formulario de dirección es parte del sistema y no se puede modificar ni eliminar.',
  },
  customFields: {
    notFound: 'No encontramos este campo personalizado.',
    keyTaken: 'Ya existe un campo con esa clave para este objeto.',
  },
  addresses: {
    notFound: 'No encontramos esta dirección.',
    cityRequired: 'Debes agregar tu ciudad.',
    stateRequired: 'Debes agregar tu estado.',
    countryRequired: 'Debes agregar tu país.',
    limitReached: 'Puedes guardar hasta {n} direcciones. Elimina una para agregar otra.',
  },
} as const;
