/**
 * The owner's CSV exports (docs/admin "CSV exports"): GET
 * /api/exports/admin/{customers|sales|attendance}?start_date&end_date, admin
 * only; UTF-8 with a BOM, Spanish headers, studio-time dates, a period of
 * studio days (the process zone, Mexico City or Tokyo, never matters), and
 * formula-looking text defused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvCell } from '../../../src/services/exports/csv';
import { adminToken, http, packages, seedAccessFixtures, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  await seedAccessFixtures(env.store);
  await env.store.doc('app_config/main').set({ values: { cash_checkout_enabled: true } }, { merge: true });
});
afterEach(async () => {
  await env.cleanup();
});

const BOM = '\uFEFF';

async function download(kind: string, query = 'start_date=2026-11-22&end_date=2026-11-22', token = adminToken) {
  const response = await http(env)
    .get(`/api/exports/admin/${kind}?${query}`)
    .set('authorization', token)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return { status: response.status, headers: response.headers, raw: response.body as Buffer };
}

/** The file's text without its BOM, as lines of cells (the test's rows hold no quoted commas or line breaks). */
function rowsOf(raw: Buffer): string[][] {
  const text = raw.toString('utf8');
  expect(text.startsWith(BOM)).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
}

function customer(uid: string, customer_id: number, name: string, createdAt: string) {
  return env.store.doc(`customers/${uid}`).set({
    customer_id,
    uid,
    name,
    last_name: 'Núñez',
    email: `${uid}@example.com`,
    phone: '+525500000000',
    instagram: null,
    birthdate: null,
    signup_reason: null,
    signup_reason_other: null,
    file: null,
    has_unlimited: false,
    unlimited_membership_expiration: null,
    search_terms: [uid],
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
  });
}

describe('csv cells', () => {
  it('defuses text that starts like a formula and quotes what needs quoting', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(['+52 55', '-1', '@SUM(A1)', '\tcmd'].map(csvCell)).toEqual(["'+52 55", "'-1", "'@SUM(A1)", "'\tcmd"]);
    expect(csvCell('Peña, Ana')).toBe('"Peña, Ana"');
    expect(csvCell(1234.5)).toBe('1234.5');
    expect(csvCell(null)).toBe('');
  });
});

describe('GET /api/exports/admin/{kind}', () => {
  it("exports the customers created on the period's studio days, with the BOM, Spanish headers and studio-time dates", async () => {
    // Mexico City is UTC−6: 23:30 on the 22nd there is 05:30 UTC on the 23rd; 00:10 on the 23rd there is outside.
    await customer('late', 20, '=cmd|calc', '2026-11-23T05:30:00Z');
    await customer('next', 21, 'Mañana', '2026-11-23T06:10:00Z');
    await customer('early', 22, 'Íñigo', '2026-11-22T06:00:00Z');
    const file = await download('customers');
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('customers-2026-11-22-2026-11-22.csv');
    const [header, ...rows] = rowsOf(file.raw);
    expect(header).toEqual(['Número de cliente', 'Nombre', 'Apellido', 'Correo', 'Teléfono', 'Cliente desde']);
    // The fixtures' customers were created at T0 (12:00 studio time), in the period too.
    expect(rows.map((row) => row[0])).toEqual(['22', '2', '3', '4', '20']);
    expect(rows[0]).toEqual(['22', 'Íñigo', 'Núñez', 'early@example.com', "'+525500000000", '2026-11-22 00:00']);
    expect(rows.at(-1)).toEqual(['20', "'=cmd|calc", 'Núñez', 'late@example.com', "'+525500000000", '2026-11-22 23:30']);
  });

  it('follows the studio zone set in the configuration', async () => {
    await env.store.doc('app_config/main').set({ values: { timezone: 'Asia/Tokyo' } }, { merge: true });
    // 00:30 on the 23rd in Tokyo is 15:30 UTC on the 22nd.
    await customer('tokyo', 30, 'Kenji', '2026-11-22T15:30:00Z');
    const rows = rowsOf((await download('customers', 'start_date=2026-11-23&end_date=2026-11-23')).raw).slice(1);
    expect(rows.map((row) => [row[0], row[5]])).toEqual([
      ['30', '2026-11-23 00:30'],
      ['2', '2026-11-23 03:00'],
      ['3', '2026-11-23 03:00'],
      ['4', '2026-11-23 03:00'],
    ]);
  });

  it('exports the sales (charges) of the period with the order number, the one payment label and the amount', async () => {
    const placed = await http(env)
      .post('/api/checkout/attempt')
      .set('authorization', tokenOf('ana'))
      .send({ class_package_id: packages.tenClasses.class_package_id, payment_method: 'cash' });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const id = placed.body.purchase_id as number;
    expect((await http(env).put(`/api/purchases/${id}/confirm`).set('authorization', adminToken).send({})).status).toBe(200);
    const [header, ...rows] = rowsOf((await download('sales')).raw);
    expect(header).toEqual(['Orden', 'Fecha', 'Número de cliente', 'Cliente', 'Correo', 'Paquete', 'Concepto', 'Método de pago', 'Estado', 'Total (MXN)']);
    expect(rows).toEqual([
      [
        `#00${id}`,
        '2026-11-22 12:00',
        '2',
        'ana Prueba',
        'ana@example.com',
        packages.tenClasses.title,
        'Compra',
        'Efectivo',
        'Cobrado',
        String(packages.tenClasses.price),
      ],
    ]);
    expect(rowsOf((await download('sales', 'start_date=2026-11-23&end_date=2026-11-30')).raw)).toHaveLength(1);
  });

  it("exports the attendance of the period's classes: who, which class, studio time, cancelled or attended", async () => {
    const record = { createdAt: T0, updatedAt: T0 };
    const cls = {
      duration_minutes: 50,
      description: null,
      capacity: 10,
      spot_map: null,
      class_type_id: 1,
      location_id: 1,
      instructor_ids: [],
      tag_ids: [],
      class_category_id: null,
      class_package_id: null,
      series_id: null,
      status: 'scheduled',
      cancelledAt: null,
      cancel_reason: null,
      cancelled_by: null,
      ...record,
    };
    // 19:30 on the 22nd in Mexico City; the other class starts at 00:30 on the 23rd there.
    await env.store.doc('single_classes/500').set({ ...cls, single_class_id: 500, class_date: new Date('2026-11-23T01:30:00Z') });
    await env.store.doc('single_classes/501').set({ ...cls, single_class_id: 501, class_date: new Date('2026-11-23T06:30:00Z') });
    const reservation = {
      available_class_id: null,
      seat: null,
      source: 'customer',
      is_cash: false,
      is_paid: true,
      class_stars: null,
      coach_stars: null,
      comment: null,
      refund: null,
      ...record,
    };
    await env.store.doc('class_reservations/900').set({
      ...reservation,
      class_reservation_id: 900,
      single_class_id: 500,
      customer_id: 2,
      uid: 'ana',
      spot: 3,
      guest: null,
      attend: true,
      deletedAt: null,
      cancel_reason: null,
    });
    await env.store.doc('class_reservations/901').set({
      ...reservation,
      class_reservation_id: 901,
      single_class_id: 500,
      customer_id: 3,
      uid: 'diego',
      spot: null,
      guest: '+1 Pepe',
      attend: false,
      deletedAt: T0,
      cancel_reason: 'customer',
    });
    await env.store.doc('class_reservations/902').set({
      ...reservation,
      class_reservation_id: 902,
      single_class_id: 501,
      customer_id: 4,
      uid: 'eva',
      spot: null,
      guest: null,
      attend: false,
      deletedAt: null,
      cancel_reason: null,
    });
    const [header, ...rows] = rowsOf((await download('attendance')).raw);
    expect(header).toEqual(['Reservación', 'Clase', 'Fecha de la clase', 'Número de cliente', 'Cliente', 'Correo', 'Invitado', 'Lugar', 'Estado', 'Asistió']);
    expect(rows).toEqual([
      ['900', 'Indoor Cycling', '2026-11-22 19:30', '2', 'ana Prueba', 'ana@example.com', '', '3', 'Reservada', 'Sí'],
      ['901', 'Indoor Cycling', '2026-11-22 19:30', '3', 'diego Prueba', 'diego@example.com', "'+1 Pepe", '', 'Cancelada', 'No'],
    ]);
  });

  it('refuses a customer, a bad period and an unknown kind in Spanish, with no file', async () => {
    expect((await download('customers', undefined, tokenOf('ana'))).status).toBe(403);
    const backwards = await http(env).get('/api/exports/admin/sales?start_date=2026-11-22&end_date=2026-11-01').set('authorization', adminToken);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields.end_date).toBe('La fecha final no puede ser anterior a la inicial.');
    expect((await http(env).get('/api/exports/admin/sales').set('authorization', adminToken)).status).toBe(400);
    const unknown = await http(env).get('/api/exports/admin/passwords?start_date=2026-11-22&end_date=2026-11-22').set('authorization', adminToken);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Solo se pueden exportar clientes, ventas o asistencia.');
  });
});
