/**
 * Spanish texts of dynamic forms and of the customer's extra information
 * (customer-area §2 "Blocking modals", §3, §5; ADR 0086); part of the one
 * catalogue in ../messages.ts. The per-field and summary messages are the
 * spec's and already live in `messages.validation` (required, selectOption,
 * fileRequired, phoneFormat, requiredField, missingFields) and
 * `messages.common.optional`; only what the spec does not word is here.
 * `{…}` placeholders are filled with `fill`.
 */
export const dynamicFormMessages = {
  validation: {
    unknownKey: 'El campo {key} no está permitido.',
    invalidTime: 'Debe ser una hora válida.',
    fileMissing: 'El archivo {name} no existe o no es tuyo. Vuelve a cargarlo.',
  },
  creatable: {
    add: 'Agregar',
    /** Said to screen readers under the input. */
    hint: 'Escribe un valor y presiona Enter para agregarlo.',
    remove: 'Quitar {value}',
    listLabel: 'Valores de {label}',
  },
  files: {
    uploading: 'Cargando archivo…',
    remove: 'Quitar {name}',
    current: 'Archivos cargados',
  },
  card: {
    title: 'Información adicional',
    edit: 'Editar',
    empty: 'Sin respuesta',
    loadError: 'No pudimos cargar la información adicional.',
    yes: 'Sí',
    no: 'No',
  },
  completeInfo: {
    title: 'Completa tu información',
    body: 'El estudio necesita algunos datos más sobre ti antes de que puedas reservar. Solo te tomará un momento.',
    button: 'Completar mi información',
  },
} as const;
