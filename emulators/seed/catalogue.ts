import {
  addressForm,
  lastId,
  records,
  type SeedForm,
  storedForm,
  systemPaymentMethods,
  textField,
} from '../../functions/src/services/catalogue/system-records';
import type { SeedSet } from './seed-set';

/** The demo studio's catalogue: locations, class types, categories, coaches, tags, payment methods, announcements, programs, video types, forms and custom fields. */
export const locations = [
  { location_id: 1, name: 'Latido Roma', address: 'Av. Álvaro Obregón 120, Roma Norte, Cuauhtémoc, 06700 CDMX' },
  { location_id: 2, name: 'Latido Coyoacán', address: 'Francisco Sosa 45, Santa Catarina, Coyoacán, 04010 CDMX' },
];

export const classTypes = [
  {
    class_type_id: 1,
    name: 'Indoor Cycling',
    description: '45 minutos de ritmo y resistencia sobre la bici.',
    icon: 'bike',
    spot_map: '4,5,5,4',
    file: { name: 'cycling.svg', type: 'image/svg+xml', src: '/brand/hero.svg' },
  },
  {
    class_type_id: 2,
    name: 'Yoga Vinyasa',
    description: 'Flujo de posturas sincronizado con la respiración.',
    icon: 'lotus',
    spot_map: null,
    file: { name: 'yoga.svg', type: 'image/svg+xml', src: '/brand/about.svg' },
  },
  {
    class_type_id: 3,
    name: 'Funcional HIIT',
    description: 'Intervalos de alta intensidad con peso corporal y kettlebells.',
    icon: 'kettlebell',
    spot_map: null,
    file: null,
  },
  { class_type_id: 4, name: 'Barre', description: 'Fuerza y postura con técnica de ballet.', icon: 'barre', spot_map: null, file: null },
];

export const instructors = [
  {
    instructor_id: 1,
    name: 'Mariana',
    last_name: 'Gutiérrez',
    nick_name: 'Mar',
    quote: 'Cada pedalazo cuenta.',
    short_bio: 'Coach de cycling desde 2016, certificada en Schwinn.',
    instagram: '@mar.rides',
    birthdate: '1990-06-02',
    music_type: 'Pop latino',
    file: null,
    home: true,
    home_order: 1,
  },
  {
    instructor_id: 2,
    name: 'Rodrigo',
    last_name: 'Fuentes',
    nick_name: 'Rod',
    quote: 'Más fuerte que ayer.',
    short_bio: 'Entrenador funcional y ex seleccionado de atletismo.',
    instagram: '@rod.fit',
    birthdate: '1987-11-20',
    music_type: 'Electrónica',
    file: null,
    home: true,
    home_order: 2,
  },
  {
    instructor_id: 3,
    name: 'Lucía',
    last_name: 'Morales',
    nick_name: 'Lu',
    quote: 'Respira, suelta, fluye.',
    short_bio: 'Maestra de yoga RYT-500 formada en Rishikesh.',
    instagram: '@lu.yoga',
    birthdate: '1992-03-14',
    music_type: 'Chill',
    file: null,
    home: true,
    home_order: 3,
  },
  {
    instructor_id: 4,
    name: 'Fernanda',
    last_name: 'Ibarra',
    nick_name: 'Fer',
    quote: 'La postura es poder.',
    short_bio: 'Bailarina clásica y coach de barre.',
    instagram: '@fer.barre',
    birthdate: '1994-08-08',
    music_type: 'Indie',
    file: null,
    home: true,
    home_order: 4,
  },
  {
    instructor_id: 5,
    name: 'Emilio',
    last_name: 'Cárdenas',
    nick_name: 'Emi',
    quote: 'Hoy se suda.',
    short_bio: 'Coach de cycling y HIIT; maratonista.',
    instagram: '@emi.sweat',
    birthdate: '1989-12-01',
    music_type: 'Reggaetón',
    file: null,
    home: false,
    home_order: null,
  },
];

export const tags = [
  { tag_id: 1, name: 'Principiantes', color: '#2b9fa8' },
  { tag_id: 2, name: 'Intenso', color: '#d9485f' },
];

/** Card and cash are the system's (functions/src/services/catalogue/system-records.ts); the demo adds PayPal. */
export const paymentMethods = [...systemPaymentMethods, { payment_method_id: 3, name: 'PayPal' }];

export const announcements = [
  { announcement_id: 1, title: 'Nueva sede en Coyoacán', content: 'Ya abrimos Latido Coyoacán en Francisco Sosa 45. ¡Te esperamos!' },
  { announcement_id: 2, title: 'Horario de fin de año', content: 'El 24 y 31 de diciembre solo habrá clases por la mañana.' },
];

export const classCategories = [
  { class_category_id: 1, name: 'Cardio', handle: 'cardio', description: 'Clases para subir pulsaciones y resistencia.', available: true },
  { class_category_id: 2, name: 'Fuerza', handle: 'fuerza', description: 'Trabajo de fuerza con peso corporal y cargas.', available: true },
  { class_category_id: 3, name: 'Mente y cuerpo', handle: 'mente-y-cuerpo', description: 'Movilidad, respiración y equilibrio.', available: true },
  { class_category_id: 4, name: 'Temporada navideña', handle: 'temporada-navidena', description: 'Clases temáticas de diciembre.', available: false },
];

export const programs = [
  { program_id: 1, name: 'Reto 21 días', description: 'Tres semanas de cycling y HIIT para arrancar el año.', file: null },
  { program_id: 2, name: 'Yoga desde cero', description: 'Seis sesiones para aprender las posturas básicas.', file: null },
];

export const videoTypes = [
  { video_type_id: 1, name: 'Clase completa', description: 'Sesiones de 30 a 50 minutos.' },
  { video_type_id: 2, name: 'Tutorial', description: 'Técnica y explicación de ejercicios.' },
  { video_type_id: 3, name: 'Meditación', description: null },
];

export const forms: SeedForm[] = [
  {
    form_id: 1,
    name: 'Completa tu perfil',
    description: 'Datos que pedimos antes de tu primera clase.',
    form_fields: [
      textField('emergency_contact', 'Contacto de emergencia', true, 1),
      textField('emergency_phone', 'Teléfono de emergencia', true, 2, 'phone'),
      textField('injuries', 'Lesiones o condiciones médicas', false, 3, 'textarea'),
      {
        ...textField('shoe_size', 'Talla de zapato para cycling', false, 4, 'select'),
        options: ['23', '24', '25', '26', '27', '28', '29'].map((size) => ({ label: size, value: size })),
      },
      textField('billing_address', 'Dirección de facturación', false, 5, 'address'),
    ],
  },
  addressForm,
];

export const customFields = [
  { custom_field_id: 1, key: 'emergency_contact', label: 'Contacto de emergencia', type: 'text', object: 'customer', required: true, options: [] },
  {
    custom_field_id: 2,
    key: 'shoe_size',
    label: 'Talla de zapato para cycling',
    type: 'select',
    object: 'customer',
    required: false,
    options: ['23', '24', '25', '26', '27', '28', '29'].map((size) => ({ label: size, value: size })),
  },
  {
    custom_field_id: 3,
    key: 'first_class_note',
    label: '¿Algo que debamos saber para tu clase?',
    type: 'textarea',
    object: 'class_reservation',
    required: false,
    options: [],
  },
  // With the emergency contact and the shoe size, the profile's questions asked before the first booking (ADR 0118): only the contact is required.
  {
    custom_field_id: 4,
    key: 'injuries',
    label: 'Lesiones o condiciones médicas',
    type: 'textarea',
    object: 'customer',
    required: false,
    options: [],
  },
];

const storedForms = forms.map(storedForm);

export function seedCatalogue(now: Date): SeedSet {
  const docs: SeedSet['docs'] = [
    ...records('locations', 'location_id', locations, now),
    ...records('class_types', 'class_type_id', classTypes, now),
    ...records('class_categories', 'class_category_id', classCategories, now),
    ...records('instructors', 'instructor_id', instructors, now),
    ...records('tags', 'tag_id', tags, now),
    ...records('payment_methods', 'payment_method_id', paymentMethods, now),
    ...records('announcements', 'announcement_id', announcements, now),
    ...records('programs', 'program_id', programs, now),
    ...records('video_types', 'video_type_id', videoTypes, now),
    ...records('forms', 'form_id', storedForms, now),
    ...records('custom_fields', 'custom_field_id', customFields, now),
  ];
  return {
    docs,
    counters: {
      locations: lastId(locations, (r) => r.location_id),
      class_types: lastId(classTypes, (r) => r.class_type_id),
      class_categories: lastId(classCategories, (r) => r.class_category_id),
      instructors: lastId(instructors, (r) => r.instructor_id),
      tags: lastId(tags, (r) => r.tag_id),
      payment_methods: lastId(paymentMethods, (r) => r.payment_method_id),
      announcements: lastId(announcements, (r) => r.announcement_id),
      programs: lastId(programs, (r) => r.program_id),
      video_types: lastId(videoTypes, (r) => r.video_type_id),
      forms: lastId(forms, (r) => r.form_id),
      custom_fields: lastId(customFields, (r) => r.custom_field_id),
    },
  };
}
