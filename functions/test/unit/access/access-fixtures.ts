/** Store fixtures for the access area's unit tests: customers, packages of every kind, catalogue records. */
import request from 'supertest';
import { createApp } from '../../../src/app';
import type { ClassPackageDoc } from '../../../src/data/repos/class-packages-repo';
import type { DocumentStore } from '../../../src/data/store/types';
import type { TestEnv } from '../support';

export const T0 = new Date('2026-11-22T18:00:00Z');

export const customers = {
  ana: { uid: 'ana', customer_id: 2 },
  diego: { uid: 'diego', customer_id: 3 },
  eva: { uid: 'eva', customer_id: 4 },
} as const;

export const adminToken = 'Bearer admin:valeria';
export const tokenOf = (uid: string) => `Bearer uid:${uid}`;

const base: Omit<ClassPackageDoc, 'class_package_id' | 'title' | 'price' | 'class_amount' | 'expiration_days'> = {
  description: null,
  short_description: null,
  sale_price: null,
  is_subscription: false,
  subscription_period: null,
  subscription_interval: null,
  is_trial: false,
  free_trial_length: null,
  free_trial_period: null,
  is_special_event: false,
  limit_per_customer: null,
  class_package_types: [],
  downloadable: false,
  file_url: null,
  is_online: false,
  home: false,
  status: 'active',
  image: null,
  createdAt: T0,
  updatedAt: T0,
};

/** One package per kind the grant must handle. */
export const packages = {
  tenClasses: { ...base, class_package_id: 4, title: 'Paquete 10 Clases', price: 1700, class_amount: 10, expiration_days: 90 },
  fiveOnSale: { ...base, class_package_id: 3, title: 'Paquete 5 Clases', price: 950, sale_price: 890, class_amount: 5, expiration_days: 60 },
  unlimited: {
    ...base,
    class_package_id: 5,
    title: 'Ilimitado Mensual',
    price: 2400,
    class_amount: -1,
    expiration_days: 30,
    is_subscription: true,
    subscription_period: 'month',
    subscription_interval: 1,
  },
  online: {
    ...base,
    class_package_id: 8,
    title: 'Online Ilimitado',
    price: 399,
    class_amount: -1,
    expiration_days: 30,
    is_subscription: true,
    subscription_period: 'month',
    subscription_interval: 1,
    is_online: true,
  },
  perType: {
    ...base,
    class_package_id: 10,
    title: 'Combo Cycling + Yoga',
    price: 1500,
    class_amount: 2,
    expiration_days: 30,
    class_package_types: [
      { class_type_id: 1, class_amount: 4, expiration_days: 45 },
      { class_type_id: 2, class_amount: -1, expiration_days: null },
    ],
  },
  enrollment: { ...base, class_package_id: 11, title: 'Inscripción', price: 500, class_amount: 0, expiration_days: null },
  noExpiry: { ...base, class_package_id: 12, title: 'Clases sin vencimiento', price: 600, class_amount: 3, expiration_days: null },
} satisfies Record<string, ClassPackageDoc>;

export async function seedAccessFixtures(store: DocumentStore): Promise<void> {
  const batch = store.batch();
  for (const [uid, c] of Object.entries(customers)) {
    batch.set(store.doc(`customers/${uid}`), {
      customer_id: c.customer_id,
      uid,
      name: uid,
      last_name: 'Prueba',
      email: `${uid}@example.com`,
      phone: `55000000${c.customer_id}0`.slice(0, 10),
      instagram: null,
      birthdate: null,
      signup_reason: null,
      signup_reason_other: null,
      file: null,
      has_unlimited: false,
      unlimited_membership_expiration: null,
      search_terms: [uid],
      createdAt: T0,
      updatedAt: T0,
    });
  }
  for (const pkg of Object.values(packages)) batch.set(store.doc(`class_packages/${pkg.class_package_id}`), { ...pkg });
  const record = { createdAt: T0, updatedAt: T0, deletedAt: null };
  batch.set(store.doc('payment_methods/1'), { payment_method_id: 1, name: 'Tarjeta', ...record });
  batch.set(store.doc('payment_methods/2'), { payment_method_id: 2, name: 'Efectivo', ...record });
  batch.set(store.doc('payment_methods/3'), { payment_method_id: 3, name: 'Vieja', ...record, deletedAt: T0 });
  batch.set(store.doc('class_types/1'), { class_type_id: 1, name: 'Indoor Cycling', ...record });
  batch.set(store.doc('class_types/2'), { class_type_id: 2, name: 'Yoga Vinyasa', ...record });
  batch.set(store.doc('instructors/1'), { instructor_id: 1, name: 'Mariana', last_name: 'Gutiérrez', nick_name: 'Mar', file: null, ...record });
  batch.set(store.doc('instructors/2'), { instructor_id: 2, name: 'Rodrigo', last_name: 'Fuentes', nick_name: 'Rod', file: null, ...record });
  batch.set(store.doc('instructors/9'), { instructor_id: 9, name: 'Archivado', last_name: null, nick_name: null, file: null, ...record, deletedAt: T0 });
  batch.set(store.doc('tags/1'), { tag_id: 1, name: 'Principiantes', color: '#2b9fa8', ...record });
  batch.set(store.doc('tags/2'), { tag_id: 2, name: 'Intenso', color: '#d9485f', ...record });
  batch.set(store.doc('video_types/1'), { video_type_id: 1, name: 'Clase completa', description: null, ...record });
  batch.set(store.doc('programs/1'), { program_id: 1, name: 'Reto 21 días', description: null, file: null, ...record });
  batch.set(store.doc('class_categories/1'), { class_category_id: 1, name: 'Cardio', handle: 'cardio', description: null, available: true, ...record });
  await batch.commit();
}

/** Every document of the collections a refused request must leave alone, for before/after comparisons. */
export async function snapshotOf(store: DocumentStore, collections = ['purchases', 'available_classes', 'credit_ledger', 'customers', 'counters', 'videos']) {
  const out: Record<string, unknown> = {};
  for (const name of collections) {
    const result = await store.collection(name).get();
    out[name] = result.docs.map((doc) => [doc.id, doc.data()]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  }
  return out;
}

export function http(env: TestEnv) {
  return request(createApp(env.deps));
}

/** An admin grant through the API; returns the body. */
export async function grant(env: TestEnv, body: Record<string, unknown>) {
  const response = await http(env)
    .post('/api/customer/giveAccess')
    .set('authorization', adminToken)
    .send({ payment_method_id: 1, ...body });
  if (response.status !== 201) throw new Error(`grant failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as {
    message: string;
    purchase: { purchase_id: number; [k: string]: unknown };
    available_classes: Array<{ available_class_id: number; [k: string]: unknown }>;
  };
}
