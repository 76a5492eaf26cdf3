/**
 * Spanish texts of the admin console's forms and custom fields screens
 * (/admin/formularios, /admin/campos-personalizados). Field labels come from
 * ./fields.ts, validation texts from the shared schemas (catalogue/forms.ts,
 * catalogue/custom-fields.ts), list and row texts common to every catalogue
 * screen ('Editar: {name}', '¿Seguro que quieres eliminar {name}?') from
 * ./admin-catalogue.ts, and saved/deleted alerts are the common ones.
 */
export const adminFormsMessages = {
  forms: {
    title: 'Formularios',
    singular: 'Formulario',
    create: 'Nuevo formulario',
    empty: 'Aún no hay formularios.',
    fieldsColumn: 'Campos',
    fieldCount: '{n} campos',
    oneField: '1 campo',
    system: 'Del sistema',
    view: 'Ver',
    viewOf: 'Ver: {name}',
    back: 'Volver a formularios',
    fieldsLegend: 'Campos del formulario',
    fieldsHint: 'Se muestran en este orden; ordénalos con Subir y Bajar. Máximo {n} campos.',
    fieldsFull: 'El formulario ya tiene el máximo de {n} campos.',
    noFields: 'Aún no hay campos. Agrega el primero.',
    fieldRow: 'Campo {n}',
    unnamedField: 'campo {n}',
    addField: 'Agregar campo',
    up: 'Subir',
    down: 'Bajar',
    removeFieldText: 'Quitar',
    moveUp: 'Subir campo: {label}',
    moveDown: 'Bajar campo: {label}',
    removeField: 'Quitar campo: {label}',
    position: 'Campo {label}: posición {position} de {total}.',
    removed: 'Campo {label} quitado.',
    keyHint: 'Minúsculas, números y guion bajo, empezando con una letra; única en el formulario. Con ella se guarda la respuesta.',
    stepHint: 'Solo en formularios de varios pasos: 1 es el primero.',
  },
  customFields: {
    title: 'Campos personalizados',
    singular: 'Campo personalizado',
    create: 'Nuevo campo personalizado',
    empty: 'Aún no hay campos personalizados.',
    emptyFor: 'Aún no hay campos personalizados de {object}.',
    filter: 'Mostrar campos de',
    allObjects: 'Todos',
    keyHint: 'Minúsculas, números y guion bajo, empezando con una letra; única para cada objeto.',
  },
  /** What a custom field extends (CUSTOM_FIELD_OBJECTS). */
  objects: {
    customer: 'Cliente',
    class_reservation: 'Reservación',
    purchase: 'Compra',
    single_class: 'Clase',
  },
  /** Field types (FORM_FIELD_TYPES) as the admin reads them. */
  types: {
    text: 'Texto',
    time: 'Hora',
    textarea: 'Texto largo',
    date: 'Fecha',
    'datetime-local': 'Fecha y hora',
    file: 'Archivo',
    image: 'Imagen',
    phone: 'Teléfono',
    select: 'Lista de opciones',
    number: 'Número',
    'creatable-select': 'Lista abierta (la persona agrega valores)',
    address: 'Dirección de facturación',
  },
  requiredLabel: 'Obligatorio',
  options: {
    legend: 'Opciones',
    hint: 'Lo que la persona puede elegir. Si dejas el valor vacío se guarda la etiqueta.',
    none: 'Aún no hay opciones.',
    row: 'Opción {n}',
    unnamed: 'opción {n}',
    add: 'Agregar opción',
    remove: 'Quitar opción: {label}',
    removeText: 'Quitar opción',
    valueLabel: 'Valor guardado',
  },
} as const;
