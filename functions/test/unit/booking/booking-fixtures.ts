/** Set-up for the booking tests: customers (customers/{uid}), the classes they book, custom fields, and calls as a customer. */
import request from 'supertest';
import type { createApp } from '../../../src/app';
import type { DocumentStore } from '../../../src/data/store/types';
import { createClass } from '../../../src/services/schedule/create-class';
import { seedScheduleCatalogue, yogaClass } from '../schedule/schedule-fixtures';
import type { TestEnv } from '../support';

export async function addCustomers(store: DocumentStore, list: Array<{ uid: string; customerId: number }>): Promise<void> {
  for (let i = 0; i < list.length; i += 400) {
    const batch = store.batch();
    for (const c of list.slice(i, i + 400)) {
      batch.set(store.doc(`customers/${c.uid}`), { uid: c.uid, customer_id: c.customerId, name: c.uid, email: `${c.uid}@example.com` });
    }
    await batch.commit();
  }
}

export async function setConfig(store: DocumentStore, values: Record<string, unknown>): Promise<void> {
  const snap = await store.doc('app_config/main').get();
  const current = (snap.get('values') as Record<string, unknown> | undefined) ?? {};
  await store.doc('app_config/main').set({ values: { ...current, ...values } });
}

/**
 * The studio most booking tests start from: the schedule's catalogue, the
 * given customers and class 1 (yoga, no spot map, 3 places); with `cycling`,
 * class 2 too (cycling with the 4,5,5,4 map, 18 spots).
 */
export async function seedBookingStudio(env: TestEnv, customers: Array<{ uid: string; customerId: number }>, { cycling = false } = {}): Promise<void> {
  await seedScheduleCatalogue(env.store);
  await addCustomers(env.store, customers);
  await createClass(env.deps, yogaClass({ capacity: 3 }));
  if (cycling) await createClass(env.deps, yogaClass({ class_type_id: 1, capacity: undefined }));
}

/** A live custom field (custom_fields/{id}): required text about the customer unless `field` says otherwise. */
export async function addCustomField(env: TestEnv, field: { custom_field_id: number; key: string; label: string } & Record<string, unknown>): Promise<void> {
  await env.store.doc(`custom_fields/${field.custom_field_id}`).set({
    type: 'text',
    object: 'customer',
    required: true,
    options: [],
    createdAt: env.clock.now,
    updatedAt: env.clock.now,
    deletedAt: null,
    ...field,
  });
}

type App = ReturnType<typeof createApp>;

/** POST /class_reservations as the customer `uid`. */
export const postReservation = (app: App, uid: string, body: Record<string, unknown>) =>
  request(app).post('/api/class_reservations').set('Authorization', `Bearer uid:${uid}`).send(body);

/** DELETE /class_reservations/{id} (a cancel) as the customer `uid`. */
export const deleteReservation = (app: App, uid: string, id: number) =>
  request(app).delete(`/api/class_reservations/${id}`).set('Authorization', `Bearer uid:${uid}`);
