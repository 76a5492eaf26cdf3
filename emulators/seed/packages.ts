import type { SeedSet } from './seed-set';

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
  purchase_limit: null as number | null,
  class_package_types: [] as unknown[],
  downloadable: false,
  file_url: null as string | null,
  is_online: false,
  home: false,
  status: 'active',
  image: { src: '/brand/hero.svg' },
  receipt_file: null as { src: string } | null,
  archivedAt: null as Date | null,
};

/** One package of every kind, in MXN. */
export const classPackages = [
  {
    ...basePackage,
    class_package_id: 1,
    title: 'Primera Clase Gratis',
    short_description: 'Conócenos sin costo.',
    price: 0,
    class_amount: 1,
    expiration_days: 15,
    limit_per_customer: 1,
    home: true,
  },
  { ...basePackage, class_package_id: 2, title: 'Clase Suelta', short_description: 'Una clase presencial.', price: 220, class_amount: 1, expiration_days: 30 },
  {
    ...basePackage,
    class_package_id: 3,
    title: 'Paquete 5 Clases',
    short_description: 'Ideal para empezar.',
    price: 950,
    sale_price: 890,
    class_amount: 5,
    expiration_days: 60,
    home: true,
  },
  {
    ...basePackage,
    class_package_id: 4,
    title: 'Paquete 10 Clases',
    short_description: 'El favorito de la comunidad.',
    price: 1700,
    class_amount: 10,
    expiration_days: 90,
    home: true,
  },
  {
    ...basePackage,
    class_package_id: 5,
    title: 'Ilimitado Mensual',
    short_description: 'Todas las clases que quieras.',
    price: 2400,
    class_amount: -1,
    expiration_days: 30,
    is_subscription: true,
    subscription_period: 'month',
    subscription_interval: 1,
    home: true,
  },
  {
    ...basePackage,
    class_package_id: 6,
    title: 'Ilimitado Trimestral',
    short_description: 'Tres meses sin límite.',
    price: 6500,
    class_amount: -1,
    expiration_days: 90,
    is_subscription: true,
    subscription_period: 'month',
    subscription_interval: 3,
  },
  {
    ...basePackage,
    class_package_id: 7,
    title: 'Prueba 7 Días',
    short_description: 'Ilimitado mensual con 7 días gratis.',
    price: 2400,
    class_amount: -1,
    expiration_days: 30,
    is_subscription: true,
    subscription_period: 'month',
    subscription_interval: 1,
    is_trial: true,
    free_trial_length: 7,
    free_trial_period: 'day',
    limit_per_customer: 1,
  },
  {
    ...basePackage,
    class_package_id: 8,
    title: 'Online Ilimitado',
    short_description: 'Todos los videos on-demand.',
    price: 399,
    class_amount: -1,
    expiration_days: 30,
    is_subscription: true,
    subscription_period: 'month',
    subscription_interval: 1,
    is_online: true,
  },
  {
    ...basePackage,
    class_package_id: 9,
    title: 'Masterclass de Año Nuevo',
    short_description: 'Evento especial de 90 minutos.',
    price: 350,
    class_amount: 1,
    expiration_days: 45,
    is_special_event: true,
    limit_per_customer: 2,
    purchase_limit: 40,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Demo codes: one for any package, one fixed amount for two packages, one for subscriptions' first charge, one expired. */
export function discounts(now: Date) {
  const base = {
    first_invoice_only: false,
    valid_from: null as Date | null,
    valid_until: null as Date | null,
    usage_limit: null as number | null,
    limit_per_customer: null as number | null,
    class_package_ids: [] as number[],
    times_used: 0,
    archivedAt: null,
  };
  return [
    { ...base, discount_id: 1, code: 'BIENVENIDA15', is_percent: true, amount: 15, limit_per_customer: 1 },
    {
      ...base,
      discount_id: 2,
      code: 'VERANO200',
      is_percent: false,
      amount: 200,
      class_package_ids: [3, 4],
      usage_limit: 100,
      valid_from: new Date(now.getTime() - DAY_MS),
      valid_until: new Date(now.getTime() + 60 * DAY_MS),
    },
    { ...base, discount_id: 3, code: 'ILIMITADO20', is_percent: true, amount: 20, first_invoice_only: true, class_package_ids: [5, 6] },
    {
      ...base,
      discount_id: 4,
      code: 'BUENFIN2025',
      is_percent: true,
      amount: 25,
      valid_from: new Date(now.getTime() - 40 * DAY_MS),
      valid_until: new Date(now.getTime() - 30 * DAY_MS),
    },
  ];
}

export function seedPackages(now: Date): SeedSet {
  const codes = discounts(now);
  return {
    docs: [
      ...classPackages.map((p): SeedSet['docs'][number] => [`class_packages/${p.class_package_id}`, { ...p, createdAt: now, updatedAt: now }]),
      ...codes.map((d): SeedSet['docs'][number] => [`discounts/${d.discount_id}`, { ...d, createdAt: now, updatedAt: now }]),
      ...codes.map((d): SeedSet['docs'][number] => [`discount_codes/${d.code}`, { discount_id: d.discount_id }]),
    ],
    counters: { class_packages: classPackages.length, discounts: codes.length },
  };
}
