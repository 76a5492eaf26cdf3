import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';

/** The Auth emulator and the demo seed's admin (emulators/seed). */
export const AUTH = 'http://127.0.0.1:9099';
export const admin = { email: 'admin@estudiolatido.mx', password: 'Latido.Admin.2026' };

/** axe-core on the page as it is now: no violations at all (WCAG A and AA rules and best practices). */
export async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

/**
 * Each path opened and settled (its 'Accediendo' gone, its h1 shown, the
 * network idle), then checked by axe-core: every path's violations are
 * collected, so one failing screen does not hide the next.
 */
export async function expectNoAxeViolationsOn(page: Page, paths: readonly string[]) {
  // A ceiling for a loop of pages on a loaded 2-core machine, not a speed check: axe takes a moment per page.
  test.setTimeout(test.info().timeout + paths.length * 5_000);
  const failures: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Accediendo' })).toHaveCount(0);
    await expect(page.locator('main h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    try {
      await expectNoAxeViolations(page, path);
    } catch (error) {
      failures.push(String(error).split('\n').slice(0, 12).join('\n'));
    }
  }
  expect(failures).toEqual([]);
}

/** An ID token from the Auth emulator, as functions/test/api/support.ts signs in. */
export async function idToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    data: { email, password, returnSecureToken: true },
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

/** The public site's routes (public-site-and-checkout.md §2), with the demo seed's ids and content pages. */
export const PUBLIC_SITE_ROUTES = [
  '/',
  '/entrar',
  '/registro',
  '/recuperar',
  '/aviso-de-privacidad',
  '/terminos-y-condiciones',
  '/paquetes',
  '/avisos',
  '/ubicacion',
  '/calendario',
  '/coach/1',
  '/instructor/1',
  '/preguntas-frecuentes',
];

/** The customer area's routes (customer-area.md §2), every menu entry included (switched-off screens answer not-found). */
export const CUSTOMER_AREA_ROUTES = [
  '/mystudio',
  '/mystudio/paquetes',
  '/mystudio/informacion',
  '/mystudio/membresias',
  '/mystudio/pagos',
  '/mystudio/metodos',
  '/mystudio/waitlists',
  '/mystudio/creditos',
  '/mystudio/reservaciones',
  '/mystudio/online',
  '/mystudio/video/1',
];

/** The demo seed's customers (emulators/seed/core.ts): Ana has bookings and a 10-class package; Diego an unlimited and an online membership. */
export const ana = { email: 'ana.lopez@example.com', password: 'Cliente.Ana.2026' };
export const diego = { email: 'diego.hernandez@example.com', password: 'Cliente.Diego.2026' };

export interface Account {
  email: string;
  password: string;
}

export async function signInAs(page: Page, who: Account) {
  await page.goto('/entrar');
  const form = page.getByRole('form', { name: 'Entrar Ahora' });
  await form.getByLabel('Correo electrónico').fill(who.email);
  await form.getByLabel('Contraseña').fill(who.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/mystudio$/);
}

/** The password of every customer a test signs up. */
export const NEW_CUSTOMER_PASSWORD = 'Prueba.123';

/** A Mexican mobile number no other test customer has (phones are unique per customer). */
export function uniquePhone(): string {
  return `55${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
}

/** The sign-up form of /registro. */
export const signUpForm = (page: Page) => page.getByRole('form', { name: 'Regístrate!' });

/**
 * Fills a sign-up form (/registro's, or the calendar's 'Crea tu cuenta para
 * reservar'), the required documents accepted, without sending it; the
 * password is NEW_CUSTOMER_PASSWORD.
 */
export async function fillSignUp(form: Locator, person: { name: string; lastName: string; email: string; phone: string }) {
  await form.getByLabel('Nombre', { exact: true }).fill(person.name);
  await form.getByLabel('Apellidos').fill(person.lastName);
  await form.getByLabel('Correo electrónico').fill(person.email);
  await form.getByLabel('Teléfono').fill(person.phone);
  await form.getByLabel('Contraseña', { exact: true }).fill(NEW_CUSTOMER_PASSWORD);
  await form.getByLabel('Confirmar contraseña').fill(NEW_CUSTOMER_PASSWORD);
  await form.getByRole('checkbox', { name: 'Acepto los siguientes documentos:' }).check();
}

/**
 * A new customer signed up through /registro, as a person would, and signed
 * in on /mystudio. `tag` names the spec in the e-mail, so a test's customers
 * are told apart in the Auth emulator.
 */
export async function signUpFresh(page: Page, tag: string, person: { name: string; lastName: string }): Promise<Account> {
  const account = { email: `e2e.${tag}.${Date.now()}.${Math.floor(Math.random() * 1000)}@example.com`, password: NEW_CUSTOMER_PASSWORD };
  await page.goto('/registro');
  await fillSignUp(signUpForm(page), { ...person, email: account.email, phone: uniquePhone() });
  await signUpForm(page).getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(page).toHaveURL(/\/mystudio$/);
  return account;
}

/** Comes back another day: a new browser session (nothing kept from before), signed in again. */
export async function comeBack(browser: Browser, who: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signInAs(page, who);
  return page;
}

/** Ticks the checkout's terms ('Al comprar cualquier paquete de … aceptas los siguientes documentos'). */
export async function acceptCheckoutTerms(page: Page) {
  await page.getByRole('checkbox', { name: /^Al comprar cualquier paquete de .+ aceptas los siguientes documentos$/ }).check();
}

/** Types a test card into the Stripe fake's card frame (expiry 12/34, CVC 123). */
export async function typeCard(page: Page, number: string) {
  const card = page.frameLocator('iframe[title="Campos seguros para los datos de la tarjeta"]');
  await card.getByLabel('Número de tarjeta').fill(number);
  await card.getByLabel('Vencimiento (MM/AA)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
}

type Entry = { key: string; value: unknown };

/** Sets appconfig entries as the admin and answers the previous values, to put back. */
export async function setConfig(request: APIRequestContext, entries: Entry[]): Promise<Entry[]> {
  const token = await idToken(request, admin.email, admin.password);
  const before = (await (await request.get('/api/appconfig')).json()) as Entry[];
  const response = await request.put('/api/appconfig', { headers: { authorization: `Bearer ${token}` }, data: { entries } });
  expect(response.status(), await response.text()).toBe(200);
  return entries.map(({ key }) => ({ key, value: before.find((entry) => entry.key === key)?.value ?? null }));
}

/** Every console screen: the dashboard, the operation screens, and each catalogue list and form. */
export const ADMIN_ROUTES = [
  '/admin',
  '/admin/checkin',
  '/admin/horario',
  '/admin/lanzamientos',
  '/admin/clientes',
  '/admin/pagos-pendientes',
  '/admin/correos',
  '/admin/paquetes',
  '/admin/paquetes/nuevo',
  '/admin/descuentos',
  '/admin/descuentos/nuevo',
  '/admin/sedes',
  '/admin/sedes/nuevo',
  '/admin/sedes/1',
  '/admin/tipos-de-clase',
  '/admin/tipos-de-clase/nuevo',
  '/admin/coaches',
  '/admin/coaches/nuevo',
  '/admin/etiquetas',
  '/admin/categorias',
  '/admin/avisos',
  '/admin/programas',
  '/admin/tipos-de-video',
  '/admin/videos',
  '/admin/videos/nuevo',
  '/admin/metodos-de-pago',
  '/admin/paginas',
  '/admin/paginas/nuevo',
  '/admin/configuracion',
  '/admin/formularios',
  '/admin/formularios/nuevo',
  '/admin/formularios/6',
  '/admin/campos-personalizados',
  '/admin/campos-personalizados/nuevo',
];
