import { expect, type Page, test } from '@playwright/test';
import { ana, fillSignUp, NEW_CUSTOMER_PASSWORD, signUpForm, uniquePhone } from './e2e-support';

async function fillSignup(page: Page, data: { email: string; phone: string }) {
  const form = signUpForm(page);
  await fillSignUp(form, { name: 'Paola', lastName: 'Navarro Ruiz', ...data });
  return form;
}

test('the landing page shows the seeded studio and the Ingresar button', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Tu lugar para moverte' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ingresar' })).toBeVisible();
  await expect(page).toHaveTitle(/Estudio Latido/);
});

test('signing up through the form lands in /mystudio', async ({ page }) => {
  await page.goto('/registro');
  await expect(page.getByRole('heading', { name: 'Regístrate!' })).toBeVisible();
  const form = await fillSignup(page, { email: `e2e.${Date.now()}@example.com`, phone: uniquePhone() });
  await form.getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(page).toHaveURL(/\/mystudio$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Mi Cuenta' })).toBeVisible();
});

test('signing up with a phone that is already registered says so and creates nothing', async ({ page, request }) => {
  const email = `e2e.dup.${Date.now()}@example.com`;
  await page.goto('/registro');
  const form = await fillSignup(page, { email, phone: '5522223333' });
  await form.getByRole('button', { name: 'Crear Cuenta' }).click();
  await expect(page.getByText('Ya existe una cuenta con ese número de teléfono')).toBeVisible();
  await expect(page).toHaveURL(/\/registro$/);
  // No identity was left behind: the Auth emulator does not know the e-mail.
  const signIn = await request.post('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', {
    data: { email, password: NEW_CUSTOMER_PASSWORD, returnSecureToken: true },
  });
  expect(((await signIn.json()) as { error?: { message: string } }).error?.message).toMatch(/EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/);
});

test('a wrong password shows the spec message', async ({ page }) => {
  await page.goto('/entrar');
  await expect(page.getByRole('heading', { name: 'Entrar Ahora' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Entrar Ahora' });
  await form.getByLabel('Correo electrónico').fill(ana.email);
  await form.getByLabel('Contraseña').fill('no-es-la-contraseña');
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('La contraseña es incorrecta. Por favor, intenta de nuevo')).toBeVisible();
  await expect(page).toHaveURL(/\/entrar$/);
});

test('signing in redirects to /mystudio and Salir signs out', async ({ page }) => {
  await page.goto('/entrar');
  const form = page.getByRole('form', { name: 'Entrar Ahora' });
  await form.getByLabel('Correo electrónico').fill(ana.email);
  await form.getByLabel('Contraseña').fill(ana.password);
  await form.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/mystudio$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Mi Cuenta' }).getByRole('button', { name: 'Salir' }).click();
  // Signing out ends when the area's menu goes: a reload before that would restore the session.
  await expect(page.getByRole('navigation', { name: 'Mi Cuenta' })).toHaveCount(0);
  // Signed out, the area's screens wait for a customer; the calendar alone is shown to visitors, without the area's menu.
  await page.goto('/mystudio/reservaciones');
  await expect(page.getByText('Accediendo')).toBeVisible();
  await page.goto('/mystudio');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
  await expect(page.getByText('Inicia sesión para reservar tus clases.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Mi Cuenta' })).toHaveCount(0);
});

test('a content page renders its HTML', async ({ page }) => {
  await page.goto('/aviso-de-privacidad');
  await expect(page.getByRole('heading', { name: 'Aviso de Privacidad' }).first()).toBeVisible();
  await expect(page.getByText('LFPDPPP')).toBeVisible();
});

test('password recovery confirms the e-mail was sent', async ({ page }) => {
  await page.goto('/recuperar');
  await page.getByLabel('Correo electrónico').fill(ana.email);
  await page.getByRole('button', { name: 'Recuperar' }).click();
  await expect(page.getByText('Te hemos enviado un correo para reestablecer tu contraseña.')).toBeVisible();
});
