import { expect, type Page, test } from '@playwright/test';
import { cancelClass, completeProfile, createClass, studioDayFromToday } from './booking-support';
import { acceptCheckoutTerms, comeBack, expectNoAxeViolations, idToken, signUpFresh as signUp, typeCard } from './e2e-support';

/**
 * A returning customer's own subscriptions and vouchers (docs/payments,
 * "Customer subscription lifecycle" and "OXXO voucher"): they buy, leave,
 * sign in again later and find in Mis Compras the next charge, a way to
 * cancel a subscription or a trial, and an OXXO reference whose overlay they
 * closed; a trial cancelled at once still books classes inside it, never
 * after its end (ADR 0065). Each test buys as a fresh sign-up with a new card (no saved card),
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
  await expect(page).toHaveURL(/\/gracias\/\d+$/);
  await expect(page.getByText('Activa', { exact: true })).toBeVisible();
}

async function cancelFromMyPurchases(page: Page, title: string, remains: RegExp) {
  await page.goto('/mystudio/membresias');
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByText(/^Próximo cargo: .+ · \$[\d,]+ MXN$/)).toBeVisible();
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
  await expect(stale.getByText('Activa')).toBeVisible();
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

test('a trial cancelled at once cannot book after its end: the calendar says why, and a class inside the trial is booked', async ({
  page,
  browser,
  request,
}) => {
  const customer = await signUpFresh(page);
  await payByCard(page, 7, 'Prueba 7 Días');
  const later = await comeBack(browser, customer);
  await cancelFromMyPurchases(later, 'Prueba 7 Días', /^Tu prueba gratis sigue vigente hasta el .+\. No se te hará ningún cargo\.$/);
  const token = await idToken(request, customer.email, customer.password);
  await completeProfile(request, { token });

  // The trial's credits last to the end of the studio day of its first charge, 7 days from today (ADR 0065).
  const insideDay = studioDayFromToday(2);
  const afterDay = studioDayFromToday(9);
  const inside = await createClass(request, { date: insideDay, startTime: '20:40', classTypeId: 2, capacity: 5 });
  const after = await createClass(request, { date: afterDay, startTime: '20:40', classTypeId: 2, capacity: 5 });
  try {
    // The server refuses the class after the trial's end, naming the trial's last day.
    const refused = await request.post('/api/class_reservations', { headers: { authorization: `Bearer ${token}` }, data: { single_class_id: after.id } });
    expect(refused.status(), await refused.text()).toBe(412);
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('booking/lot-ends-before-class');
    const lastDay = Number(studioDayFromToday(7).slice(8, 10));
    expect(error.message).toMatch(new RegExp(`^Tu paquete vence el ${lastDay} \\S+, antes de esta clase\\.$`));

    // The calendar says so before the customer tries: the same words on the card, which offers the packages instead of Reservar.
    await later.goto(`/mystudio?semana=${afterDay}`);
    await expect(later.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
    const afterCard = later.getByRole('listitem').filter({ hasText: after.description });
    await expect(afterCard.getByText(error.message, { exact: true })).toBeVisible();
    await expect(afterCard.getByRole('button', { name: 'Reservar' })).toHaveCount(0);
    await expect(afterCard.getByRole('button', { name: 'Comprar' })).toBeVisible();
    await expectNoAxeViolations(later, 'calendar with a class after the trial');

    // A class inside the trial is booked as any other.
    await later.goto(`/mystudio?semana=${insideDay}`);
    const insideCard = later.getByRole('listitem').filter({ hasText: inside.description });
    await expect(insideCard).toContainText('Disponible');
    await expect(insideCard.getByText(/^Tu paquete vence el/)).toHaveCount(0);
    await insideCard.getByRole('button', { name: 'Reservar' }).click();
    const dialog = later.getByRole('dialog', { name: 'Reservar clase' });
    await dialog.getByRole('button', { name: 'Reservar', exact: true }).click();
    await expect(later.getByText('¡Reservación guardada con éxito!')).toBeVisible();
    await expect(insideCard).toContainText('Reservada');
  } finally {
    await cancelClass(request, inside.id);
    await cancelClass(request, after.id);
  }
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
  await expect(shown).toBeVisible();
  const reference = ((await shown.getAttribute('aria-label')) ?? '').replace('Número de referencia ', '');
  expect(reference).toMatch(/^\d{16}$/);
  await overlay.getByRole('button', { name: 'Cerrar' }).click();

  await expect(page).toHaveURL(/\/gracias\/\d+$/);
  const onOrder = page.getByRole('region', { name: 'Tu ficha OXXO' });
  await expect(onOrder.getByText(reference)).toBeVisible();
  await expect(onOrder.getByText('$1,700 MXN')).toBeVisible();
  await expect(onOrder.getByRole('link', { name: /Ver e imprimir ficha de Paquete 10 Clases/ })).toHaveAttribute('href', /\/vouchers\//);
  await expectNoAxeViolations(page, '/gracias (OXXO voucher)');

  const later = await comeBack(browser, customer);
  await later.goto('/mystudio/membresias');
  const row = later.getByRole('row', { name: /Paquete 10 Clases/ });
  await expect(row.getByText('Pendiente')).toBeVisible();
  await expect(row.getByRole('region', { name: 'Tu ficha OXXO' }).getByText(reference)).toBeVisible();
});
