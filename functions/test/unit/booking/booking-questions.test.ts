/**
 * Intake at booking (ADR 0115): the studio's custom fields of
 * 'class_reservation' are asked for the customer's own place, checked by the
 * form's rules (required ones enforced), stored on the reservation and shown
 * on the roster and the check-in card. A refused booking writes nothing.
 */
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app';
import { getLot } from '../../../src/data/repos/credits-repo';
import { getReservation } from '../../../src/data/repos/reservations-repo';
import { checkInCode } from '../../../src/services/booking/check-in-code';
import { ADMIN_UID, giveLot } from '../schedule/schedule-fixtures';
import { type TestEnv, testEnv } from '../support';
import { addCustomField, postReservation, seedBookingStudio } from './booking-fixtures';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
const ana = { customerId: 2, uid: 'ana' };

const QUESTION = '¿Algo que debamos saber para tu clase?';

const question = (id: number, key: string, extra: Record<string, unknown> = {}) =>
  addCustomField(env, { custom_field_id: id, key, label: QUESTION, type: 'textarea', object: 'class_reservation', ...extra });

beforeEach(async () => {
  env = testEnv();
  app = createApp(env.deps);
  await seedBookingStudio(env, [ana]);
  await giveLot(env.deps, { id: 101, ...ana, credits: 5 });
});
afterEach(async () => {
  await env.cleanup();
});

const book = (body: Record<string, unknown>) => postReservation(app, 'ana', body);
const admin = { Authorization: `Bearer admin:${ADMIN_UID}` };
const seats = async () => (await env.store.collection('single_classes/1/seats').get()).size;
const credits = async () => (await getLot(env.store, 101))?.available_classes;

describe('questions asked at booking', () => {
  it('a required question left unanswered refuses the booking by its label, and nothing is written', async () => {
    await question(1, 'notas');
    for (const body of [{ single_class_id: 1 }, { single_class_id: 1, custom_values: {} }, { single_class_id: 1, custom_values: { notas: '   ' } }]) {
      const res = await book(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(`Revisa el campo: ${QUESTION}`);
      expect(res.body.error.fields).toEqual({ 'custom_values.notas': 'Debes llenar este campo.' });
    }
    expect(await seats()).toBe(0);
    expect(await credits()).toBe(5);
  });

  it('answered: booked, the answer kept on the reservation and shown on the roster and the check-in card', async () => {
    await question(1, 'notas');
    await question(2, 'talla', { type: 'select', required: false, label: 'Talla de zapato', options: [{ value: '25', label: '25' }] });
    const res = await book({ single_class_id: 1, custom_values: { notas: 'Lesión de rodilla', talla: '' } });
    expect(res.status).toBe(201);
    const id = res.body.class_reservation.class_reservation_id as number;
    // Empty answers are not kept.
    expect((await getReservation(env.store, id))?.custom_values).toEqual({ notas: 'Lesión de rodilla' });
    expect(await credits()).toBe(4);

    const roster = await request(app).get('/api/single_class/1/roster').set(admin);
    expect(roster.status).toBe(200);
    expect(roster.body.reservations.find((r: { class_reservation_id: number }) => r.class_reservation_id === id).custom_values).toEqual({
      notas: 'Lesión de rodilla',
    });
    const card = await request(app)
      .get(`/api/check_in/${encodeURIComponent(await checkInCode(env.deps, id))}`)
      .set(admin);
    expect(card.status).toBe(200);
    expect(card.body.custom_values).toEqual({ notas: 'Lesión de rodilla' });
  });

  it('answers are typed as the field is: a number for a text field, an option the field lacks or an unknown key are refused', async () => {
    await question(1, 'notas');
    await question(2, 'talla', { type: 'select', required: false, label: 'Talla de zapato', options: [{ value: '25', label: '25' }] });
    expect((await book({ single_class_id: 1, custom_values: { notas: 5 } })).status).toBe(400);
    const wrongOption = await book({ single_class_id: 1, custom_values: { notas: 'ok', talla: '99' } });
    expect(wrongOption.status).toBe(400);
    expect(Object.keys(wrongOption.body.error.fields)).toEqual(['custom_values.talla']);
    const unknown = await book({ single_class_id: 1, custom_values: { notas: 'ok', otra: 'x' } });
    expect(unknown.status).toBe(400);
    expect((await book({ single_class_id: 1, custom_values: 'notas' })).status).toBe(400);
    expect(await seats()).toBe(0);
    expect(await credits()).toBe(5);
  });

  it('a studio that asks nothing books as before, and refuses answers to questions it does not ask', async () => {
    await question(1, 'notas', { deletedAt: env.clock.now });
    expect((await book({ single_class_id: 1, custom_values: { notas: 'x' } })).status).toBe(400);
    const res = await book({ single_class_id: 1 });
    expect(res.status).toBe(201);
    expect((await getReservation(env.store, res.body.class_reservation.class_reservation_id))?.custom_values).toBeUndefined();
  });

  it("a +1 added after the customer's own place is not asked again", async () => {
    await question(1, 'notas');
    expect((await book({ single_class_id: 1, custom_values: { notas: 'Primera vez' } })).status).toBe(201);
    const plusOne = await book({ single_class_id: 1, guest: 'Sofía' });
    expect(plusOne.status).toBe(201);
    expect((await getReservation(env.store, plusOne.body.class_reservation.class_reservation_id))?.custom_values).toBeUndefined();
  });
});
