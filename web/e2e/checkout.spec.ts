import { expect, type Page, test } from '@playwright/test';
import { acceptCheckoutTerms as acceptTerms, admin, expectNoAxeViolations, idToken, signUpFresh as signUp, typeCard } from './e2e-support';

/**
 * Shop → checkout → /gracias against the local stack (the Stripe fake stands
 * in for Stripe.js, its card frame and 3-D Secure). Each test buys as a fresh
 * sign-up, so the seed customers' purchases never make the specs order-dependent.
 * axe-core checks the shop, checkout and thanks pages for violations.
 */

const signUpFresh = (page: Page) => signUp(page, 'shop', { name: 'Lucía', lastName: 'Ramírez Soto' });

test('the shop lists the packages and leads to their checkout', async ({ page }) => {
  await page.goto('/paquetes');
  await expect(page.getByRole('heading', { level: 1, name: 'Paquetes' })).toBeVisible();
  // The packages load after the page: wait for the first card, and read only the shop's sections (the footer has h2s too).
  const shop = page.getByRole('main');
  const trials = shop.getByRole('region', { name: 'Pruebas y ofertas' });
  await expect(trials.getByRole('heading', { level: 3 }).first()).toBeVisible();
  // Trials and single-use offers first, in their own section (customer-area §5, §9); special events hidden; unlimited last.
  expect(await trials.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['Primera Clase Gratis', 'Prueba 7 Días']);
  const titles = await shop.getByRole('region', { name: 'Todos los paquetes' }).getByRole('heading', { level: 3 }).allTextContents();
  expect(titles).not.toContain('Masterclass de Año Nuevo');
  expect(titles).not.toContain('Prueba 7 Días');
  expect(titles.indexOf('Clase Suelta')).toBeLessThan(titles.indexOf('Paquete 10 Clases'));
  expect(titles.indexOf('Paquete 10 Clases')).toBeLessThan(titles.indexOf('Ilimitado Mensual'));
  await expectNoAxeViolations(page, '/paquetes');
  await page.getByRole('link', { name: 'Comprar Paquete 10 Clases' }).click();
  await expect(page).toHaveURL(/\/checkout\/4$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Inicia sesión para comprar' })).toBeVisible();
  await expectNoAxeViolations(page, '/checkout/4 signed out');
});

test('a cash purchase is pending with instructions, and completed once the studio confirms it', async ({ page, request }) => {
  await signUpFresh(page);
  await page.goto('/checkout/2');
  await expect(page.getByRole('heading', { level: 3, name: 'Clase Suelta' })).toBeVisible();
  const methods = page.getByRole('group', { name: 'Método de pago' });
  await expect(methods.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  const pay = page.getByRole('button', { name: 'Pagar' });
  await expect(pay).toBeDisabled();
  await acceptTerms(page);
  await pay.click();

  await expect(page).toHaveURL(/\/gracias\/\d+$/);
  const id = Number(/\/gracias\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { level: 1, name: `Orden #00${id}` })).toBeVisible();
  await expect(page.getByText('Pendiente', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Instrucciones de pago' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ir a Mis Clases' })).toHaveAttribute('href', '/mystudio');
  await expectNoAxeViolations(page, '/gracias (cash, pending)');

  const token = await idToken(request, admin.email, admin.password);
  const confirmed = await request.put(`/api/purchases/${id}/confirm`, { headers: { Authorization: `Bearer ${token}` }, data: {} });
  expect(confirmed.status()).toBe(200);

  await page.goto('/mystudio/membresias');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Compras' })).toBeVisible();
  const row = page.getByRole('row', { name: /Clase Suelta/ });
  await expect(row.getByText('Completada')).toBeVisible();
});

test('a card purchase with 3-D Secure lands on /gracias and becomes completed', async ({ page }) => {
  await signUpFresh(page);
  await page.goto('/checkout/4');
  await expect(page.getByRole('heading', { level: 3, name: 'Paquete 10 Clases' })).toBeVisible();
  await page.getByRole('radio', { name: 'Tarjeta' }).check();
  await acceptTerms(page);
  const pay = page.getByRole('button', { name: 'Pagar' });
  // Disabled while the card field is empty.
  await expect(pay).toBeDisabled();
  await expectNoAxeViolations(page, '/checkout/4 signed in, card');

  await typeCard(page, '4000002760003184');
  await expect(pay).toBeEnabled();
  await pay.click();

  const challenge = page.frameLocator('iframe[title="Autenticación de tu banco (3-D Secure)"]');
  await challenge.getByRole('button', { name: 'Completar autenticación' }).click();

  await expect(page).toHaveURL(/\/gracias\/\d+$/);
  await expect(page.getByText('Completada', { exact: true })).toBeVisible();
  await expect(page.getByText('Paquete 10 Clases').first()).toBeVisible();
});

test('a free trial keeps the card and starts at once, with nothing charged today', async ({ page }) => {
  await signUpFresh(page);
  await page.goto('/checkout/7');
  await expect(page.getByRole('heading', { level: 3, name: 'Prueba 7 Días' })).toBeVisible();
  await expect(page.getByText(/Total a pagar hoy/)).toBeVisible();
  await page.getByRole('radio', { name: 'Tarjeta' }).check();
  await acceptTerms(page);
  await typeCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/gracias\/\d+$/);
  await expect(page.getByText('Activa', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, '/gracias (trial, active)');
  await page.goto('/mystudio/membresias');
  await expect(page.getByRole('row', { name: /Prueba 7 Días/ }).getByText('Activa')).toBeVisible();
  // A trial is once per customer: the shop no longer offers it to them, and still offers the rest.
  await page.goto('/mystudio/paquetes');
  const shop = page.getByRole('main');
  await expect(shop.getByRole('link', { name: 'Comprar Paquete 10 Clases' })).toBeVisible();
  await expect(shop.getByRole('link', { name: 'Comprar Primera Clase Gratis' })).toBeVisible();
  await expect(shop.getByRole('heading', { name: 'Prueba 7 Días' })).toHaveCount(0);
});

for (const width of [320]) {
  test(`shop, checkout and order fit ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUpFresh(page);
    for (const path of ['/paquetes', '/checkout/4', '/mystudio/membresias']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
    }
  });
}
