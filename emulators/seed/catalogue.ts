import type { SeedSet } from './seed-set';

/** Locations, class types, coaches, tags, payment methods and announcements of the demo studio. */
export const locations = [
  { location_id: 1, name: 'Latido Roma', address: 'Av. Álvaro Obregón 120, Roma Norte, Cuauhtémoc, 06700 CDMX' },
  { location_id: 2, name: 'Latido Coyoacán', address: 'Francisco Sosa 45, Santa Catarina, Coyoacán, 04010 CDMX' },
];

export const classTypes = [
  { class_type_id: 1, name: 'Indoor Cycling', description: '45 minutos de ritmo y resistencia sobre la bici.', icon: 'bike', spot_map: '4,5,5,4', file: { name: 'cycling.svg', type: 'image/svg+xml', src: '/brand/hero.svg' } },
  { class_type_id: 2, name: 'Yoga Vinyasa', description: 'Flujo de posturas sincronizado con la respiración.', icon: 'lotus', spot_map: null, file: { name: 'yoga.svg', type: 'image/svg+xml', src: '/brand/about.svg' } },
  { class_type_id: 3, name: 'Funcional HIIT', description: 'Intervalos de alta intensidad con peso corporal y kettlebells.', icon: 'kettlebell', spot_map: null, file: null },
  { class_type_id: 4, name: 'Barre', description: 'Fuerza y postura con técnica de ballet.', icon: 'barre', spot_map: null, file: null },
];

export const instructors = [
  { instructor_id: 1, name: 'Mariana', last_name: 'Gutiérrez', nick_name: 'Mar', quote: 'Cada pedalazo cuenta.', short_bio: 'Coach de cycling desde 2016, certificada en Schwinn.', instagram: '@mar.rides', birthdate: '1990-06-02', music_type: 'Pop latino', file: null },
  { instructor_id: 2, name: 'Rodrigo', last_name: 'Fuentes', nick_name: 'Rod', quote: 'Más fuerte que ayer.', short_bio: 'Entrenador funcional y ex seleccionado de atletismo.', instagram: '@rod.fit', birthdate: '1987-11-20', music_type: 'Electrónica', file: null },
  { instructor_id: 3, name: 'Lucía', last_name: 'Morales', nick_name: 'Lu', quote: 'Respira, suelta, fluye.', short_bio: 'Maestra de yoga RYT-500 formada en Rishikesh.', instagram: '@lu.yoga', birthdate: '1992-03-14', music_type: 'Chill', file: null },
  { instructor_id: 4, name: 'Fernanda', last_name: 'Ibarra', nick_name: 'Fer', quote: 'La postura es poder.', short_bio: 'Bailarina clásica y coach de barre.', instagram: '@fer.barre', birthdate: '1994-08-08', music_type: 'Indie', file: null },
  { instructor_id: 5, name: 'Emilio', last_name: 'Cárdenas', nick_name: 'Emi', quote: 'Hoy se suda.', short_bio: 'Coach de cycling y HIIT; maratonista.', instagram: '@emi.sweat', birthdate: '1989-12-01', music_type: 'Reggaetón', file: null },
];

export const tags = [
  { tag_id: 1, name: 'Principiantes', color: '#2b9fa8' },
  { tag_id: 2, name: 'Intenso', color: '#d9485f' },
];

export const paymentMethods = [
  { payment_method_id: 1, name: 'Tarjeta' },
  { payment_method_id: 2, name: 'Efectivo' },
  { payment_method_id: 3, name: 'PayPal' },
];


export const announcements = [
  { announcement_id: 1, title: 'Nueva sede en Coyoacán', content: 'Ya abrimos Latido Coyoacán en Francisco Sosa 45. ¡Te esperamos!' },
  { announcement_id: 2, title: 'Horario de fin de año', content: 'El 24 y 31 de diciembre solo habrá clases por la mañana.' },
];

export function seedCatalogue(now: Date): SeedSet {
  const docs: SeedSet['docs'] = [];
  for (const l of locations) docs.push([`locations/${l.location_id}`, { ...l, createdAt: now }]);
  for (const t of classTypes) docs.push([`class_types/${t.class_type_id}`, { ...t, createdAt: now }]);
  for (const i of instructors) docs.push([`instructors/${i.instructor_id}`, { ...i, createdAt: now }]);
  for (const t of tags) docs.push([`tags/${t.tag_id}`, { ...t, createdAt: now }]);
  for (const m of paymentMethods) docs.push([`payment_methods/${m.payment_method_id}`, { ...m, createdAt: now }]);
  for (const a of announcements) docs.push([`announcements/${a.announcement_id}`, { ...a, createdAt: now }]);
  return {
    docs,
    counters: {
      locations: locations.length,
      class_types: classTypes.length,
      instructors: instructors.length,
      tags: tags.length,
      payment_methods: paymentMethods.length,
      announcements: announcements.length,
    },
  };
}
