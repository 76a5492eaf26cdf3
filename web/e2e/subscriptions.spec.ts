import { expect, type Page, test } from '@playwright/test';
import { acceptCheckoutTerms, comeBack, expectNoAxeViolations, signUpFresh as signUp, typeCard } from './e2e-support';

/**
 * A returning customer's own subscriptions and vouchers (docs/payments,
 * "Customer subscription lifecycle" and "OXXO voucher"): they buy, leave,
 * sign in again later and find in Mis Compras the next charge, a way to
 * cancel a subscription or a trial, and an OXXO reference whose overlay they
 * closed. Each test buys as a fresh sign-up with a new card (no saved card),
 * so the specs never depend on each other or on the seed customers.
 */

const signUpFresh = (page: Page) => signUp(page, 'subs', { name: 'Marta', lastName: 'Vega Ruiz' });

async function payByCard(page: Page, packageId: number, title: string) {
  await page.goto(`/checkout/${packageId}`);
  await expect(page.getByRole('heading', { level: 3, name: title })).toBeVisible();
  await page.getByRole('radio', { name: 'Tarjeta' }).check();
  await acceptCheckoutTerms(page);
  await typeCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/gracias\/\d+$/, { timeout: 15_000 });
  await expect(page.getByText('Activa', { exact: true })).toBeVisible({ timeout: 30_000 });
}

async function cancelFromMyPurchases(page: Page, title: string, remains: RegExp) {
  await page.goto('/mystudio/membresias');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText(/^Próximo cargo: .+ · \$[\d,]+ MXN$/)).toBeVisible({ timeout: 30_000 });
  await row.getByRole('button', { name: `Cancelar suscripción de ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Precaución' });
  await expect(dialog.getByText(remains)).toBeVisible();
  await expectNoAxeViolations(page, `cancel ${title}`);
  await dialog.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await expect(dialog.getByText('Debes indicar un motivo de cancelación.')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Me cambio de ciudad');
  await dialog.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await expect(page.getByText('¡Suscripción cancelada!')).toBeVisible();
  await expect(row.getByText('Cancelada')).toBeVisible();
  await expect(row.getByText(/Próximo cargo/)).toHaveCount(0);
  await expect(row.getByRole('button')).toHaveCount(0);
}

test('a returning member sees the next charge of a subscription and cancels it from Mis Compras', async ({ page, browser }) => {
  const customer = await signUpFresh(page);
  await payByCard(page, 5, 'Ilimitado Mensual');
  await expect(page.getByText(/^Próximo cargo: .+ · \$[\d,]+ MXN$/)).toBeVisible();
  // The first session keeps Mis Compras open, from before the cancellation.
  await page.goto('/mystudio/membresias');
  const stale = page.getByRole('row', { name: /Ilimitado Mensual/ });
  await expect(stale.getByText('Activa')).toBeVisible({ timeout: 30_000 });
  const later = await comeBack(browser, customer);
  await cancelFromMyPurchases(
    later,
    'Ilimitado Mensual',
    /^Lo que ya pagaste sigue vigente: tus clases y tu membresía duran hasta el .+\. No se te hará ningún otro cargo\.$/,
  );
  // Cancelling again from the stale screen answers the same, with no error.
  await stale.getByRole('button', { name: 'Cancelar suscripción de Ilimitado Mensual' }).click();
  const dialog = page.getByRole('dialog', { name: 'Precaución' });
  await dialog.getByLabel('Motivo').fill('Otra vez');
  await dialog.getByRole('button', { name: 'Cancelar suscripción' }).click();
  await expect(page.getByText('¡Suscripción cancelada!')).toBeVisible();
  await expect(stale.getByText('Cancelada')).toBeVisible();
});

test('a returning customer cancels a free trial before its first charge', async ({ page, browser }) => {
  const customer = await signUpFresh(page);
  await payByCard(page, 7, 'Prueba 7 Días');
  const later = await comeBack(browser, customer);
  await cancelFromMyPurchases(later, 'Prueba 7 Días', /^Tu prueba gratis sigue vigente hasta el .+\. No se te hará ningún cargo\.$/);
});

test('an OXXO reference is found again after its overlay was closed: on the order and in Mis Compras', async ({ page, browser }) => {
  const customer = await signUpFresh(page);
  await page.goto('/checkout/4');
  await expect(page.getByRole('heading', { level: 3, name: 'Paquete 10 Clases' })).toBeVisible();
  await page.getByRole('radio', { name: 'OXXO' }).check();
  await acceptCheckoutTerms(page);
  await page.getByRole('button', { name: 'Pagar' }).click();
  const overlay = page.getByRole('dialog', { name: 'Ficha de pago OXXO' });
  const shown = overlay.frameLocator('iframe').getByLabel(/^Número de referencia \d+$/);
  await expect(shown).toBeVisible({ timeout: 15_000 });
  const reference = ((await shown.getAttribute('aria-label')) ?? '').replace('Número de referencia ', '');
  expect(reference).toMatch(/^\d{16}$/);
  await overlay.getByRole('button', { name: 'Cerrar' }).click();

  await expect(page).toHaveURL(/\/gracias\/\d+$/, { timeout: 15_000 });
  const onOrder = page.getByRole('region', { name: 'Tu ficha OXXO' });
  await expect(onOrder.getByText(reference)).toBeVisible({ timeout: 15_000 });
  await expect(onOrder.getByText('$1,700 MXN')).toBeVisible();
  await expect(onOrder.getByRole('link', { name: /Ver e imprimir ficha de Paquete 10 Clases/ })).toHaveAttribute('href', /\/vouchers\//);
  await expectNoAxeViolations(page, '/gracias (OXXO voucher)');

  const later = await comeBack(browser, customer);
  await later.goto('/mystudio/membresias');
  const row = later.getByRole('row', { name: /Paquete 10 Clases/ });
  await expect(row.getByText('Pendiente')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByRole('region', { name: 'Tu ficha OXXO' }).getByText(reference)).toBeVisible();
});
