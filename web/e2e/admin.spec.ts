import { expect, type Page, test } from '@playwright/test';
import { cancelClass, createClass, customerWithCredits, studioSoon } from './booking-support';
import { expectNoAxeViolations } from './e2e-support';

// Demo accounts (README.md): only the first carries the `admin` custom claim.
const admin = { email: 'admin@estudiolatido.mx', password: 'Latido.Admin.2026' };
const ana = { email: 'ana.lopez@example.com', password: 'Cliente.Ana.2026' };

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/entrar');
  const form = page.getByRole('form', { name: 'Entrar Ahora' });
  await form.getByLabel('Correo electrónico').fill(account.email);
  await form.getByLabel('Contraseña').fill(account.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/mystudio$/);
}

test('/admin opens the console for the account whose ID token carries the admin claim', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administración' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Administración' });
  await expect(nav.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Sedes' })).toHaveAttribute('href', '/admin/sedes');
});

test('/admin shows a customer without the claim the no-access page, without the console', async ({ page }) => {
  await signIn(page, ana);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Sin acceso' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir a Mi Estudio' })).toHaveAttribute('href', '/mystudio');
  await expect(page.getByRole('navigation', { name: 'Administración' })).toHaveCount(0);
});

// The console's screens built so far: the hub, check-in, and each catalogue list and form.
const ADMIN_ROUTES = [
  '/admin',
  '/admin/checkin',
  '/admin/sedes',
  '/admin/sedes/nuevo',
  '/admin/sedes/1',
  '/admin/tipos-de-clase',
  '/admin/coaches',
  '/admin/etiquetas',
  '/admin/categorias',
  '/admin/avisos',
  '/admin/programas',
  '/admin/tipos-de-video',
  '/admin/metodos-de-pago',
];

test('every /admin screen passes axe-core', async ({ page }) => {
  await signIn(page, admin);
  const failures: string[] = [];
  for (const path of ADMIN_ROUTES) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    try {
      await expectNoAxeViolations(page, path);
    } catch (error) {
      failures.push(String(error).split('\n').slice(0, 12).join('\n'));
    }
  }
  expect(failures).toEqual([]);
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
