import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { admin, AUTH, idToken, NEW_CUSTOMER_PASSWORD, uniquePhone } from './e2e-support';

/** Fresh people and classes for booking flows, made through the API like a front desk would (functions/test/api/support.ts does the same in-process). */

export interface E2eCustomer {
  email: string;
  password: string;
  token: string;
  customerId: number;
}

const STUDIO_TZ = 'America/Mexico_City';

/** A studio calendar day `days` from today (YYYY-MM-DD in the studio's zone). */
export function studioDayFromToday(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TZ }).format(new Date(Date.now() + days * 86_400_000));
}

async function adminToken(request: APIRequestContext): Promise<string> {
  return idToken(request, admin.email, admin.password);
}

/** A new identity and its customer record; `acceptedPages` are the documents accepted at sign-up (1 is required to use the area); `person` names them ('Prueba Reserva' unless told). */
export async function newCustomer(
  request: APIRequestContext,
  acceptedPages: number[] = [1, 2],
  person: { name: string; lastName: string } = { name: 'Prueba', lastName: 'Reserva' },
): Promise<E2eCustomer> {
  const email = `e2e.${randomUUID().slice(0, 8)}@example.com`;
  const password = NEW_CUSTOMER_PASSWORD;
  const signUp = await request.post(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    data: { email, password, returnSecureToken: true },
  });
  const { idToken: token, localId: uid } = (await signUp.json()) as { idToken: string; localId: string };
  const response = await request.post('/api/customer/signup', {
    headers: { authorization: `Bearer ${token}` },
    data: { uid, name: person.name, last_name: person.lastName, phone: uniquePhone(), accepted_pages: acceptedPages },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { customer } = (await response.json()) as { customer: { customer_id: number } };
  return { email, password, token, customerId: customer.customer_id };
}

/** The admin gives the seed's 'Paquete 10 Clases' (package 4) as a gift. */
export async function giveTenClasses(request: APIRequestContext, customerId: number): Promise<void> {
  const response = await request.post('/api/customer/giveAccess', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { customer_id: customerId, class_package_id: 4, is_gift: true },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Classes the customer can still spend (the 'Disponibles' count). */
export async function creditsLeft(request: APIRequestContext, who: E2eCustomer): Promise<number> {
  const response = await request.get('/api/available_classes', { headers: { authorization: `Bearer ${who.token}` } });
  const { available_classes } = (await response.json()) as { available_classes: Array<{ available_classes: number; usable: boolean; is_online: boolean }> };
  return available_classes.filter((lot) => lot.usable && !lot.is_online).reduce((sum, lot) => sum + Math.max(0, lot.available_classes), 0);
}

/**
 * A class the test owns, told apart by its description. Class type 1 (Indoor
 * Cycling) has the seed's '4,5,5,4' spot map; type 2 has none.
 */
export async function createClass(
  request: APIRequestContext,
  options: { date: string; startTime: string; classTypeId: number; capacity?: number },
): Promise<{ id: number; description: string }> {
  const description = `E2E ${randomUUID().slice(0, 8)}`;
  const response = await request.post('/api/single_class', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: {
      date: options.date,
      start_time: options.startTime,
      duration_minutes: 45,
      class_type_id: options.classTypeId,
      location_id: 1,
      instructor_ids: [1],
      description,
      ...(options.capacity === undefined ? {} : { capacity: options.capacity }),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { single_class } = (await response.json()) as { single_class: { single_class_id: number } };
  return { id: single_class.single_class_id, description };
}

/** The studio cancels a test's class, so other specs' weeks are not crowded by it. */
export async function cancelClass(request: APIRequestContext, id: number): Promise<void> {
  await request.post(`/api/single_class/${id}/cancel`, { headers: { authorization: `Bearer ${await adminToken(request)}` }, data: {} });
}

/** Answers the seed's required customer field (emergency_contact), so the complete-information prompt stays away. */
export async function completeProfile(request: APIRequestContext, who: Pick<E2eCustomer, 'token'>): Promise<void> {
  const response = await request.put('/api/customer/custom_values', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { values: { emergency_contact: 'Mamá 5512345678' } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A customer ready to book: registered, profile complete, the 10-class package given. */
export async function customerWithCredits(request: APIRequestContext, person?: { name: string; lastName: string }): Promise<E2eCustomer> {
  const customer = await newCustomer(request, undefined, person);
  await completeProfile(request, customer);
  await giveTenClasses(request, customer.customerId);
  return customer;
}

/** A document the studio makes required after people signed up (required, not required_signup). */
export async function createRequiredPage(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const suffix = randomUUID().slice(0, 6);
  const title = `Reglamento ${suffix}`;
  const response = await request.post('/api/pages', {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { title, slug: `reglamento-${suffix}`, content: '<p>Llega 10 minutos antes y trae tu toalla.</p>', required: true, required_signup: false },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { page } = (await response.json()) as { page: { page_id: number } };
  return { id: page.page_id, title };
}

export async function deletePage(request: APIRequestContext, id: number): Promise<void> {
  await request.delete(`/api/pages/${id}`, { headers: { authorization: `Bearer ${await adminToken(request)}` } });
}

/** The studio's day and wall-clock time `minutes` from now (for a class about to start: check-in opens 60 minutes before). */
export function studioSoon(minutes: number): { date: string; startTime: string } {
  const at = new Date(Date.now() + minutes * 60_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: STUDIO_TZ }).format(at);
  const startTime = new Intl.DateTimeFormat('en-GB', { timeZone: STUDIO_TZ, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return { date, startTime };
}
