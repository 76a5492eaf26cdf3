import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

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

/** The demo seed's customers (emulators/seed/core.ts): Ana has bookings and a 10-class package; Diego an unlimited and an online membership. */
export const ana = { email: 'ana.lopez@example.com', password: 'Cliente.Ana.2026' };
export const diego = { email: 'diego.hernandez@example.com', password: 'Cliente.Diego.2026' };

export async function signInAs(page: Page, who: { email: string; password: string }) {
  await page.goto('/entrar');
  const form = page.getByRole('form', { name: 'Entrar Ahora' });
  await form.getByLabel('Correo electrónico').fill(who.email);
  await form.getByLabel('Contraseña').fill(who.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/mystudio$/);
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
