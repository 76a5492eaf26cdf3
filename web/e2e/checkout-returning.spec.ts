import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { acceptCheckoutTerms as acceptTerms, signUpFresh as signUp, typeCard } from './e2e-support';

/**
 * A returning customer at the checkout (issue 23): a card kept with 'Guardar
 * tarjeta' pays the next purchase, confirmed by the server (ADR 0075), once
 * per click and without the browser confirming it again; a declined card ends
 * its purchase 'Fallido' and never blocks paying the same package in cash.
 * Each test signs up a fresh customer.
 */

const STRIPE_FAKE = process.env.STRIPE_FAKE_URL ?? 'http://127.0.0.1:12111';

const signUpFresh = (page: Page) => signUp(page, 'returning', { name: 'Marta', lastName: 'Cruz Ortega' });

const orderId = (page: Page) => Number(/\/gracias\/(\d+)$/.exec(page.url())?.[1]);

/** The payments the Stripe fake made for a purchase (its payment_intent.succeeded events). */
async function chargesOf(request: APIRequestContext, purchaseId: number): Promise<number> {
  const answer = await request.get(`${STRIPE_FAKE}/_control/events`);
  const { data } = (await answer.json()) as { data: Array<{ type: string; data: { object: { metadata?: Record<string, string> } } }> };
  return data.filter((event) => event.type === 'payment_intent.succeeded' && event.data.object.metadata?.purchase_id === String(purchaseId)).length;
}

test('a returning customer pays twice with the saved card: two purchases, two charges, no error', async ({ page, request }) => {
  await signUpFresh(page);
  // The first purchase keeps the card only because the customer ticks 'Guardar tarjeta'.
  await page.goto('/checkout/4');
  await expect(page.getByRole('heading', { level: 3, name: 'Paquete 10 Clases' })).toBeVisible();
  await page.getByRole('radio', { name: 'Tarjeta' }).check();
  await acceptTerms(page);
  const keep = page.getByRole('checkbox', { name: 'Guardar tarjeta' });
  await expect(keep).not.toBeChecked();
  await keep.check();
  await typeCard(page, '4242424242424242');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/gracias\/\d+$/);
  const first = orderId(page);
  await expect(page.getByText('Completada', { exact: true })).toBeVisible();

  const ids = [first];
  for (const round of [1, 2]) {
    await page.goto('/checkout/4');
    await page.getByRole('radio', { name: 'Tarjeta' }).check();
    const saved = page.getByRole('group', { name: 'Tarjeta para pagar' });
    await expect(saved.getByRole('radio', { name: 'Usar tarjeta •••• 4242' })).toBeChecked();
    await acceptTerms(page);
    await page.getByRole('button', { name: 'Pagar' }).click();
    await expect(page).toHaveURL(/\/gracias\/\d+$/);
    await expect(page.getByText('Completada', { exact: true })).toBeVisible();
    await expect(page.getByText(/Hubo un error|PaymentIntent/)).toHaveCount(0);
    expect(ids, `round ${round}`).not.toContain(orderId(page));
    ids.push(orderId(page));
  }

  // Three purchases, each charged exactly once.
  await page.goto('/mystudio/membresias');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Compras' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Paquete 10 Clases/ })).toHaveCount(3);
  for (const row of await page.getByRole('row', { name: /Paquete 10 Clases/ }).all()) await expect(row.getByText('Completada')).toBeVisible();
  for (const id of ids) expect(await chargesOf(request, id), `charges of purchase ${id}`).toBe(1);
});

test('pay cash after a declined card: the card purchase is Fallido and cash goes through', async ({ page }) => {
  await signUpFresh(page);
  await page.goto('/checkout/2');
  await expect(page.getByRole('heading', { level: 3, name: 'Clase Suelta' })).toBeVisible();
  await page.getByRole('radio', { name: 'Tarjeta' }).check();
  await acceptTerms(page);
  await typeCard(page, '4000000000000002');
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByText('Lo sentimos. Tu banco rechazó la tarjeta; comunícate con tu banco o usa otra tarjeta.')).toBeVisible();
  await expect(page.getByText(/Your card|declined/)).toHaveCount(0);

  await page.getByRole('radio', { name: 'Efectivo' }).check();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page).toHaveURL(/\/gracias\/\d+$/);
  await expect(page.getByText('Pendiente', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Instrucciones de pago' })).toBeVisible();

  await page.goto('/mystudio/membresias');
  const rows = page.getByRole('row', { name: /Clase Suelta/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Fallido' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Pendiente' })).toHaveCount(1);
});
