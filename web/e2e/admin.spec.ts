import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { cancelClass, completeProfile, createClass, creditsLeft, customerWithCredits, newCustomer, studioDayFromToday, studioSoon } from './booking-support';
// Demo accounts (README.md): only the admin carries the `admin` custom claim.
import { admin, ADMIN_ROUTES, ana, expectNoAxeViolations, expectNoAxeViolationsOn, idToken, signInAs as signIn } from './e2e-support';

const adminTokenFor = (request: APIRequestContext) => idToken(request, admin.email, admin.password);

test('/admin opens the console for the account whose ID token carries the admin claim', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Administración' });
  await expect(nav.getByRole('link', { name: 'Tablero' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Sedes' })).toHaveAttribute('href', '/admin/sedes');
});

test('/admin shows a customer without the claim the no-access page, without the console', async ({ page }) => {
  await signIn(page, ana);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sin acceso' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir a Mi Estudio' })).toHaveAttribute('href', '/mystudio');
  await expect(page.getByRole('navigation', { name: 'Administración' })).toHaveCount(0);
});

// Every console screen: the dashboard, the operation screens, and each catalogue list and form.
const CATALOGUE =
  /^\/admin\/(paquetes|descuentos|sedes|tipos-de-clase|coaches|etiquetas|categorias|avisos|programas|tipos-de-video|videos|metodos-de-pago|paginas|configuracion|formularios|campos-personalizados)/;

async function expectAxeCleanRoutes(page: Page, routes: string[]) {
  await signIn(page, admin);
  await expectNoAxeViolationsOn(page, routes);
}

// Two halves, so each stays well inside a test's time (axe takes a moment per page).
test('the dashboard and the operation screens pass axe-core', async ({ page }) => {
  await expectAxeCleanRoutes(
    page,
    ADMIN_ROUTES.filter((path) => !CATALOGUE.test(path)),
  );
});

test('the catalogue screens pass axe-core', async ({ page }) => {
  await expectAxeCleanRoutes(
    page,
    ADMIN_ROUTES.filter((path) => CATALOGUE.test(path)),
  );
});

test('an admin adds a location, sees it listed, and deletes it after Precaución', async ({ page }) => {
  await signIn(page, admin);
  const name = `Sede E2E ${Date.now()}`;
  await page.goto('/admin/sedes');
  await page.getByRole('link', { name: 'Nueva sede' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debes llenar este campo.').first()).toBeVisible();
  await page.getByLabel('Nombre').fill(name);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Guardado con éxito.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/sedes$/);
  await page.getByRole('searchbox').fill(name);
  await expect(page.getByRole('main')).toContainText(name);

  await page.getByRole('button', { name: `Eliminar: ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Precaución' });
  await confirm.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Eliminado con éxito.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Eliminar: ${name}` })).toHaveCount(0);
});

test('an admin marks a schedule release: listed with its warm window on the studio clock, removed after Precaución', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/admin/lanzamientos');
  await expect(page.getByRole('heading', { level: 1, name: 'Lanzamientos del horario' })).toBeVisible();
  const name = `Lanzamiento E2E ${Date.now()}`;
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Fecha', { exact: true }).fill(studioDayFromToday(2));
  await page.getByLabel('Hora', { exact: true }).fill('09:00');
  await page.getByRole('button', { name: 'Marcar lanzamiento' }).click();
  await expect(page.getByText('Lanzamiento marcado.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('API preparada de 08:45 a 09:30');

  await page.getByRole('button', { name: `Eliminar: ${name}` }).click();
  await page.getByRole('dialog', { name: 'Precaución' }).getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Lanzamiento eliminado.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('an admin checks a customer in by the typed access code', async ({ page, request }) => {
  const customer = await customerWithCredits(request);
  const soon = studioSoon(30);
  const cls = await createClass(request, { ...soon, classTypeId: 2, capacity: 5 });
  try {
    const booked = await request.post('/api/class_reservations', { headers: { authorization: `Bearer ${customer.token}` }, data: { single_class_id: cls.id } });
    expect(booked.status(), await booked.text()).toBe(201);
    const { class_reservation } = (await booked.json()) as { class_reservation: { access_code: string } };

    await signIn(page, admin);
    await page.goto('/admin/checkin');
    await page.getByLabel('Código de acceso').fill(class_reservation.access_code);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('main')).toContainText('Prueba Reserva');
    await expect(page.getByRole('main')).toContainText('Yoga Vinyasa');
    await page.getByRole('button', { name: 'Registrar asistencia' }).click();
    await expect(page.getByText(/^Asistencia registrada: Prueba/)).toBeVisible();
    await expectNoAxeViolations(page, '/admin/checkin after a check-in');

    // The same code again: already checked in, nothing changes.
    await page.getByLabel('Código de acceso').fill(class_reservation.access_code);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('main')).toContainText('Ya registrada');
  } finally {
    await cancelClass(request, cls.id);
  }
});

test('an admin gives a customer access: the balance and the ledger change', async ({ page, request }) => {
  const customer = await newCustomer(request);
  await completeProfile(request, customer);
  await signIn(page, admin);
  await page.goto(`/admin/clientes?q=${encodeURIComponent(customer.email)}`);
  await page
    .getByRole('link', { name: /Prueba Reserva/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Prueba Reserva/ })).toBeVisible();
  const balance = page.getByRole('region', { name: 'Saldo' });
  await expect(balance).toContainText('0');
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page, '/admin/clientes/{id}');

  await page.getByRole('button', { name: 'Dar acceso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dar acceso' });
  await dialog.getByLabel('Paquete').selectOption({ label: 'Paquete 5 Clases' });
  await dialog.getByLabel('Es un regalo (sin pago)').check();
  await expectNoAxeViolations(page, 'give access modal');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(balance).toContainText('5');
  await expect(page.getByRole('region', { name: 'Historial de créditos' })).toContainText('Alta');
  expect(await creditsLeft(request, customer)).toBe(5);
});

test('an admin cancels a booked class: the credit comes back and the e-mail is listed', async ({ page, request }) => {
  const customer = await customerWithCredits(request);
  const cls = await createClass(request, { date: studioDayFromToday(4), startTime: '21:10', classTypeId: 2, capacity: 5 });
  const booked = await request.post('/api/class_reservations', { headers: { authorization: `Bearer ${customer.token}` }, data: { single_class_id: cls.id } });
  expect(booked.status(), await booked.text()).toBe(201);
  expect(await creditsLeft(request, customer)).toBe(9);

  await signIn(page, admin);
  await page.goto(`/admin/horario/${cls.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Yoga Vinyasa');
  await expect(page.getByRole('main')).toContainText('Prueba Reserva');
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page, '/admin/horario/{id}');
  await page.getByRole('button', { name: 'Cancelar clase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancelar clase' });
  await dialog.getByLabel('Motivo (lo verán los clientes)').fill('El coach está enfermo.');
  await dialog.getByRole('button', { name: 'Sí, cancelar la clase' }).click();
  await expect(page.getByText('Se regresó 1 crédito a su paquete.')).toBeVisible();
  expect(await creditsLeft(request, customer)).toBe(10);

  // The cancellation e-mail is written by a trigger: the sent e-mail list shows it for that customer.
  await expect(async () => {
    await page.goto(`/admin/correos?to=${encodeURIComponent(customer.email)}`);
    await expect(page.getByRole('main')).toContainText(customer.email, { timeout: 5_000 });
  }).toPass({ timeout: 120_000 });
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page, '/admin/correos');
});

test('an admin adds a weekly series that shows on the public schedule', async ({ page, request }) => {
  const first = studioDayFromToday(5);
  const weekday = new Intl.DateTimeFormat('es-MX', { timeZone: 'UTC', weekday: 'long' }).format(new Date(`${first}T12:00:00Z`));
  const until = studioDayFromToday(12);
  await signIn(page, admin);
  await page.goto('/admin/horario');
  await page.getByRole('button', { name: 'Nueva serie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva serie' });
  await dialog.getByLabel('Tipo de clase').selectOption({ label: 'Barre' });
  await dialog.getByLabel('Ubicación').selectOption({ index: 1 });
  await dialog.getByRole('group', { name: 'Coaches' }).getByRole('checkbox').first().check();
  await dialog.getByLabel('Primera fecha').fill(first);
  await dialog.getByRole('checkbox', { name: weekday.charAt(0).toUpperCase() + weekday.slice(1) }).check();
  await dialog.getByLabel('En una fecha').check();
  await dialog.getByLabel('Fecha final').fill(until);
  await dialog.getByLabel('Hora de inicio').fill('05:35');
  await dialog.getByLabel(/Duración/).fill('40');
  await dialog.getByLabel(/Cupo/).fill('8');
  await expectNoAxeViolations(page, 'new series modal');
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText('Serie creada: 2 clases.')).toBeVisible();

  await page.goto(`/calendario?semana=${first}`);
  // The public page's first requests each may wait for a fresh Functions worker on a loaded machine: a longer wait, not a speed check.
  await expect(page.getByRole('main')).toContainText('05:35');
  // Leave the week as it was for the other specs.
  const token = await adminTokenFor(request);
  const week = await request.get(`/api/single_class?start_date=${first}&end_date=${until}`);
  const { single_classes } = (await week.json()) as { single_classes: Array<{ single_class_id: number; start_time: string; class_type_id: number }> };
  for (const c of single_classes.filter((x) => x.start_time === '05:35' && x.class_type_id === 4)) {
    await request.post(`/api/single_class/${c.single_class_id}/cancel`, { headers: { authorization: `Bearer ${token}` }, data: {} });
  }
});

test('an admin confirms a pending cash purchase', async ({ page, request }) => {
  const customer = await newCustomer(request);
  const attempt = await request.post('/api/checkout/attempt', {
    headers: { authorization: `Bearer ${customer.token}` },
    data: { class_package_id: 2, payment_method: 'cash' },
  });
  expect(attempt.status(), await attempt.text()).toBeLessThan(300);

  await signIn(page, admin);
  await page.goto('/admin/pagos-pendientes');
  const row = page.getByRole('listitem').filter({ hasText: customer.email });
  await expect(row).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page, '/admin/pagos-pendientes');
  await row.getByRole('button', { name: /^Confirmar pago/ }).click();
  await page.getByRole('dialog', { name: 'Precaución' }).getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Pago confirmado: Clase Suelta.')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(await creditsLeft(request, customer)).toBe(1);
});

test('an admin creates a package that shows in the public shop', async ({ page, request }) => {
  const title = `Paquete E2E ${Date.now()}`;
  await signIn(page, admin);
  await page.goto('/admin/paquetes');
  await page.getByRole('link', { name: 'Nuevo paquete' }).click();
  await page.getByLabel('Título', { exact: true }).fill(title);
  await page.getByLabel('Precio (MXN)', { exact: true }).fill('1234');
  await page.getByLabel('Número de clases').fill('8');
  await page.getByLabel(/^Días de vigencia/).fill('45');
  await expectNoAxeViolations(page, '/admin/paquetes/nuevo');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Paquete guardado.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/paquetes$/);
  await expect(page.getByRole('main')).toContainText(title);

  await page.goto('/paquetes');
  await expect(page.getByRole('main')).toContainText(title);
  await expect(page.getByRole('main')).toContainText('1,234');

  // Archive it again, so the shop of the other specs stays as seeded.
  const list = await request.get('/api/class_packages');
  const { class_packages } = (await list.json()) as { class_packages: Array<{ class_package_id: number; title: string }> };
  const created = class_packages.find((p) => p.title === title);
  if (created)
    await request.delete(`/api/class_packages/${created.class_package_id}`, { headers: { authorization: `Bearer ${await adminTokenFor(request)}` } });
});

test('an admin sees a booking of today on the dashboard once today is refreshed', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await adminTokenFor(request)}` };
  // A class type of its own, so the dashboard's row for it counts only this test's booking.
  const typeName = `Tipo E2E ${Date.now()}`;
  const created = await request.post('/api/class_types', { headers, data: { name: typeName } });
  expect(created.status(), await created.text()).toBe(201);
  const { class_type } = (await created.json()) as { class_type: { class_type_id: number } };
  // Started a few minutes ago when that is still today in the studio (the refresh recomputes today only), else just after midnight.
  const earlier = studioSoon(-10);
  const when = earlier.date === studioDayFromToday(0) ? earlier : studioSoon(1);
  const cls = await createClass(request, { ...when, classTypeId: class_type.class_type_id, capacity: 4 });
  const customer = await newCustomer(request);
  const added = await request.post(`/api/single_class/${cls.id}/reservations`, { headers, data: { customer_id: customer.customerId, charge: false } });
  expect(added.status(), await added.text()).toBe(201);

  await signIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Tablero' })).toBeVisible();
  const byType = page.getByRole('figure', { name: 'Ocupación por tipo de clase' });
  // Today's figures may have been computed less than a minute ago (429 then): the refresh is tried again until it is taken.
  await expect(async () => {
    await page.getByRole('button', { name: 'Actualizar cifras de hoy' }).click();
    await expect(page.getByText('Cifras de hoy actualizadas.')).toBeVisible({ timeout: 5_000 });
  }).toPass({ intervals: [10_000], timeout: 120_000 });
  await byType.getByText('Ver datos').click();
  const row = byType.getByRole('row', { name: new RegExp(typeName) });
  await expect(row).toContainText('25%');
  await expectNoAxeViolations(page, '/admin (refreshed)');
});

test("a customer's booking shows on the admin's open Tablero without pressing anything (ADR 0117)", async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await adminTokenFor(request)}` };
  const typeName = `Tipo E2E vivo ${Date.now()}`;
  const created = await request.post('/api/class_types', { headers, data: { name: typeName } });
  expect(created.status(), await created.text()).toBe(201);
  const { class_type } = (await created.json()) as { class_type: { class_type_id: number } };
  // A class later today that the customer books herself; just before the studio's midnight, one that started, booked at the desk.
  const later = studioSoon(30);
  const customerBooks = later.date === studioDayFromToday(0);
  const cls = await createClass(request, { ...(customerBooks ? later : studioSoon(-10)), classTypeId: class_type.class_type_id, capacity: 4 });
  const customer = await customerWithCredits(request);

  // The browser's timers are driven by the test (the 30 s re-read comes when the test says); the server keeps real time.
  await page.clock.install();
  await signIn(page, admin);
  await page.goto('/admin');
  const byType = page.getByRole('figure', { name: 'Ocupación por tipo de clase' });
  await byType.getByText('Ver datos').click();
  const row = byType.getByRole('row', { name: new RegExp(typeName) });
  // Nobody presses 'Actualizar cifras de hoy': each poll lets the screen's own 30 s timer fire; the server recomputes today once its figures are 25 s old.
  const shownWithin = (text: string) =>
    expect
      .poll(
        async () => {
          await page.clock.fastForward(30_000);
          return (await row.count()) > 0 ? row.textContent() : '';
        },
        { intervals: [5_000], timeout: 180_000 },
      )
      .toContain(text);
  // Today's figures may be younger than 25 s and from before this class: it appears once they are recomputed.
  await shownWithin('0%');

  const booked = customerBooks
    ? await request.post('/api/class_reservations', { headers: { authorization: `Bearer ${customer.token}` }, data: { single_class_id: cls.id } })
    : await request.post(`/api/single_class/${cls.id}/reservations`, { headers, data: { customer_id: customer.customerId, charge: false } });
  expect(booked.status(), await booked.text()).toBe(201);

  await shownWithin('25%');
  await expect(page.getByText('Cifras de hoy actualizadas.')).toHaveCount(0);
});
