/**
 * The intake 'Completa tu perfil' before the first booking (ADR 0118): while
 * a required custom field of 'customer' is unanswered, the customer's own
 * booking is refused with 409 booking/profile-incomplete and nothing is
 * written; answered (or only optional questions open), it books.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { getLot } from '../../../src/data/repos/credits-repo';
import { giveLot } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';
import { addCustomField, postReservation, seedBookingStudio } from './booking-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const ana = { customerId: 2, uid: 'ana' };

const profileField = (id: number, key: string, label: string, required: boolean, extra: Record<string, unknown> = {}) =>
  addCustomField(env, { custom_field_id: id, key, label, required, ...extra });

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedBookingStudio(env, [ana]);
  await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
});
afterEach(async () => {
  await env.cleanup();
});

const book = (body: Record<string, unknown> = { single_class_id: 1 }) => postReservation(app, 'ana', body);
const answer = (values: Record<string, unknown>) => env.store.doc('customers/ana').update({ custom_values: values });
const seats = async () => (await env.store.collection('single_classes/1/seats').get()).size;
const reservations = async () => (await env.store.collection('class_reservations').get()).size;
const credits = async () => (await getLot(env.store, 101))?.available_classes;

describe("the profile's required questions before booking", () => {
  it('unanswered: 409 booking/profile-incomplete naming the questions, and nothing is written', async () => {
    await profileField(1, 'emergency_contact', 'Contacto de emergencia', true);
    await profileField(2, 'emergency_phone', 'Teléfono de emergencia', true, { type: 'phone' });
    await profileField(3, 'injuries', 'Lesiones', false);
    await answer({ emergency_contact: 'Mamá' });
    const res = await book();
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('booking/profile-incomplete');
    expect(res.body.error.message).toBe('Completa tu perfil antes de reservar: el estudio necesita Teléfono de emergencia.');
    expect(await seats()).toBe(0);
    expect(await reservations()).toBe(0);
    expect(await credits()).toBe(5);
  });

  it('an answer no longer valid counts as unanswered (a required select whose option was removed)', async () => {
    await profileField(1, 'shoe_size', 'Talla', true, { type: 'select', options: [{ value: '25', label: '25' }] });
    await answer({ shoe_size: '40' });
    const res = await book();
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Completa tu perfil antes de reservar: el estudio necesita Talla.');
  });

  it('answered: booked', async () => {
    await profileField(1, 'emergency_contact', 'Contacto de emergencia', true);
    await answer({ emergency_contact: 'Mamá 5512345678' });
    const res = await book();
    expect(res.status).toBe(201);
    expect(await credits()).toBe(4);
  });

  it('optional questions never block, answered or not, nor do archived required ones', async () => {
    await profileField(1, 'injuries', 'Lesiones', false);
    await profileField(2, 'old_question', 'Pregunta archivada', true, { deletedAt: env.clock.now });
    expect((await book()).status).toBe(201);
  });

  it('a refusal that would come anyway is said first (no credits), not the profile', async () => {
    await profileField(1, 'emergency_contact', 'Contacto de emergencia', true);
    await env.store.doc('available_classes/101').update({ available_classes: 0 });
    const res = await book();
    expect(res.body.error.code).toBe('booking/no-credits');
  });
});
