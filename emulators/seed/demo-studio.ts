/**
 * The demo studio: what `npm start` loads on first start. Dates are computed
 * from the day the seed runs so the calendar always has two weeks of classes.
 * Shapes follow the spec's field names; the catalogue issue owns their APIs.
 */
import { studioWallTimeToInstant, studioWeekDays, studioWeekStart } from '@studio/shared/format/dates';

export const STUDIO_TZ = 'America/Mexico_City';

export interface SeedUser {
  uid: string;
  email: string;
  password: string;
  admin: boolean;
  customer: { name: string; last_name: string; phone: string; instagram: string | null; birthdate: string | null; signup_reason: string | null };
}

/** Printed in the README; local demo project only. */
export const seedUsers: SeedUser[] = [
  {
    uid: 'seed-admin-valeria',
    email: 'admin@estudiolatido.mx',
    password: 'Latido.Admin.2026',
    admin: true,
    customer: { name: 'Valeria', last_name: 'Ríos Castañeda', phone: '5511110000', instagram: '@valeria.latido', birthdate: '1988-04-12', signup_reason: null },
  },
  {
    uid: 'seed-customer-ana',
    email: 'ana.lopez@example.com',
    password: 'Cliente.Ana.2026',
    admin: false,
    customer: { name: 'Ana', last_name: 'López Martínez', phone: '5522223333', instagram: '@anitalopez', birthdate: '1995-09-30', signup_reason: 'Instagram' },
  },
  {
    uid: 'seed-customer-diego',
    email: 'diego.hernandez@example.com',
    password: 'Cliente.Diego.2026',
    admin: false,
    customer: { name: 'Diego', last_name: 'Hernández Soto', phone: '5533334444', instagram: null, birthdate: '1991-01-17', signup_reason: 'Recomendación' },
  },
];

export const pages = [
  {
    page_id: 1,
    title: 'Términos y Condiciones',
    slug: 'terminos-y-condiciones',
    required: true,
    required_signup: true,
    content:
      '<h2>Términos y Condiciones</h2><p>Al reservar en Estudio Latido aceptas llegar 10 minutos antes de tu clase. Los paquetes son personales e intransferibles y vencen en la fecha indicada al comprarlos.</p><p>Los precios están en pesos mexicanos (MXN) e incluyen IVA.</p>',
  },
  {
    page_id: 2,
    title: 'Aviso de Privacidad',
    slug: 'aviso-de-privacidad',
    required: false,
    required_signup: true,
    content:
      '<h2>Aviso de Privacidad</h2><p>Estudio Latido, con domicilio en Av. Álvaro Obregón 120, Roma Norte, CDMX, usa tus datos personales solo para administrar tus reservaciones y pagos, conforme a la LFPDPPP.</p>',
  },
  {
    page_id: 3,
    title: 'Políticas de Cancelación',
    slug: 'politicas-de-cancelacion',
    required: false,
    required_signup: false,
    content: '<h2>Políticas de Cancelación</h2><p>Puedes cancelar sin costo hasta 12 horas antes de tu clase. Después de ese plazo el crédito no se regresa.</p>',
  },
];

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

const basePackage = {
  description: null as string | null,
  sale_price: null as number | null,
  is_subscription: false,
  subscription_period: null as string | null,
  subscription_interval: null as number | null,
  is_trial: false,
  free_trial_length: null as number | null,
  free_trial_period: null as string | null,
  is_special_event: false,
  limit_per_customer: null as number | null,
  class_package_types: [] as unknown[],
  downloadable: false,
  file_url: null as string | null,
  is_online: false,
  home: false,
  status: 'active',
  image: { src: '/brand/hero.svg' },
};

/** One package of every kind, in MXN. */
export const classPackages = [
  { ...basePackage, class_package_id: 1, title: 'Primera Clase Gratis', short_description: 'Conócenos sin costo.', price: 0, class_amount: 1, expiration_days: 15, limit_per_customer: 1, home: true },
  { ...basePackage, class_package_id: 2, title: 'Clase Suelta', short_description: 'Una clase presencial.', price: 220, class_amount: 1, expiration_days: 30 },
  { ...basePackage, class_package_id: 3, title: 'Paquete 5 Clases', short_description: 'Ideal para empezar.', price: 950, sale_price: 890, class_amount: 5, expiration_days: 60, home: true },
  { ...basePackage, class_package_id: 4, title: 'Paquete 10 Clases', short_description: 'El favorito de la comunidad.', price: 1700, class_amount: 10, expiration_days: 90, home: true },
  { ...basePackage, class_package_id: 5, title: 'Ilimitado Mensual', short_description: 'Todas las clases que quieras.', price: 2400, class_amount: -1, expiration_days: 30, is_subscription: true, subscription_period: 'month', subscription_interval: 1, home: true },
  { ...basePackage, class_package_id: 6, title: 'Ilimitado Trimestral', short_description: 'Tres meses sin límite.', price: 6500, class_amount: -1, expiration_days: 90, is_subscription: true, subscription_period: 'month', subscription_interval: 3 },
  { ...basePackage, class_package_id: 7, title: 'Prueba 7 Días', short_description: 'Ilimitado mensual con 7 días gratis.', price: 2400, class_amount: -1, expiration_days: 30, is_subscription: true, subscription_period: 'month', subscription_interval: 1, is_trial: true, free_trial_length: 7, free_trial_period: 'day', limit_per_customer: 1 },
  { ...basePackage, class_package_id: 8, title: 'Online Ilimitado', short_description: 'Todos los videos on-demand.', price: 399, class_amount: -1, expiration_days: 30, is_subscription: true, subscription_period: 'month', subscription_interval: 1, is_online: true },
  { ...basePackage, class_package_id: 9, title: 'Masterclass de Año Nuevo', short_description: 'Evento especial de 90 minutos.', price: 350, class_amount: 1, expiration_days: 45, is_special_event: true, limit_per_customer: 2 },
];

export const announcements = [
  { announcement_id: 1, title: 'Nueva sede en Coyoacán', content: 'Ya abrimos Latido Coyoacán en Francisco Sosa 45. ¡Te esperamos!' },
  { announcement_id: 2, title: 'Horario de fin de año', content: 'El 24 y 31 de diciembre solo habrá clases por la mañana.' },
];

interface Slot {
  time: string;
  class_type_id: number;
  instructor_id: number;
  location_id: number;
  capacity: number;
  tag_ids: number[];
}

const weekdaySlots: Slot[] = [
  { time: '07:00', class_type_id: 1, instructor_id: 1, location_id: 1, capacity: 18, tag_ids: [2] },
  { time: '08:30', class_type_id: 2, instructor_id: 3, location_id: 1, capacity: 14, tag_ids: [1] },
  { time: '19:00', class_type_id: 3, instructor_id: 2, location_id: 1, capacity: 16, tag_ids: [2] },
  { time: '20:15', class_type_id: 1, instructor_id: 5, location_id: 1, capacity: 18, tag_ids: [] },
  { time: '07:30', class_type_id: 4, instructor_id: 4, location_id: 2, capacity: 12, tag_ids: [1] },
  { time: '18:30', class_type_id: 2, instructor_id: 3, location_id: 2, capacity: 14, tag_ids: [] },
];
const saturdaySlots: Slot[] = [
  { time: '09:00', class_type_id: 1, instructor_id: 5, location_id: 1, capacity: 18, tag_ids: [2] },
  { time: '10:30', class_type_id: 4, instructor_id: 4, location_id: 2, capacity: 12, tag_ids: [] },
];
const sundaySlots: Slot[] = [{ time: '10:00', class_type_id: 2, instructor_id: 3, location_id: 1, capacity: 14, tag_ids: [1] }];

/** Two studio weeks of classes starting on the Monday of the week of `now`. */
export function singleClasses(now: Date) {
  const start = studioWeekStart(now, STUDIO_TZ);
  const nextWeek = new Date(start.getTime() + 7 * 24 * 3600 * 1000);
  const days = [...studioWeekDays(start, STUDIO_TZ), ...studioWeekDays(nextWeek, STUDIO_TZ)];
  const classes = [];
  let id = 1;
  for (const [index, day] of days.entries()) {
    const weekday = index % 7; // 0 = Monday
    const slots = weekday < 5 ? weekdaySlots : weekday === 5 ? saturdaySlots : sundaySlots;
    for (const slot of slots) {
      const type = classTypes.find((t) => t.class_type_id === slot.class_type_id);
      classes.push({
        single_class_id: id++,
        class_date: studioWallTimeToInstant(day, slot.time, STUDIO_TZ),
        duration_minutes: 50,
        description: type?.description ?? null,
        capacity: type?.spot_map ? type.spot_map.split(',').reduce((sum, n) => sum + Number(n), 0) : slot.capacity,
        booked: 0,
        class_type_id: slot.class_type_id,
        location_id: slot.location_id,
        instructor_ids: [slot.instructor_id],
        tag_ids: slot.tag_ids,
        class_category_id: null,
        class_package_id: null,
        status: 'scheduled',
      });
    }
  }
  return classes;
}
