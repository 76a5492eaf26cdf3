import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { completeProfile, type E2eCustomer, newCustomer } from './booking-support';
import { admin, idToken, signInAs } from './e2e-support';

/**
 * Staff money on the local stack (issue 23): a customer pays by card at the
 * Stripe fake; staff refund part of it from the customer page and revoke a
 * subscription at the end of its period; the fake's Dashboard refunds the
 * rest, and its webhook revokes the credits (docs/payments "Refunds, revokes
 * and disputes").
 */

const STRIPE = 'http://127.0.0.1:12111';
const STRIPE_KEY = 'sk_test_local_studio';
const stripeHeaders = { authorization: `Bearer ${STRIPE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' };

type Json = Record<string, unknown>;

/** Pays a card purchase as the browser would (a test card confirmed at the fake); the fake's webhook completes it. */
async function paidByCard(request: APIRequestContext, who: E2eCustomer, classPackageId: number): Promise<{ purchaseId: number; intentId: string }> {
  const attempt = await request.post('/api/checkout/attempt', {
    headers: { authorization: `Bearer ${who.token}` },
    data: { class_package_id: classPackageId, payment_method: 'card' },
  });
  expect(attempt.status(), await attempt.text()).toBe(201);
  const { purchase_id: purchaseId, clientSecret } = (await attempt.json()) as { purchase_id: number; clientSecret: string };
  const intentId = clientSecret.split('_secret_')[0] ?? '';
  const method = await request.post(`${STRIPE}/v1/payment_methods`, {
    headers: stripeHeaders,
    data: 'type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2034&card[cvc]=123',
  });
  const { id: paymentMethod } = (await method.json()) as { id: string };
  const confirmed = await request.post(`${STRIPE}/v1/payment_intents/${intentId}/confirm`, { headers: stripeHeaders, data: `payment_method=${paymentMethod}` });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await expect
    .poll(
      async () =>
        ((await (await request.get(`/api/purchases/${purchaseId}`, { headers: { authorization: `Bearer ${who.token}` } })).json()) as { purchase: Json })
          .purchase.status,
    )
    .toMatch(/^(completed|active)$/);
  return { purchaseId, intentId };
}

async function purchaseAsAdmin(request: APIRequestContext, customerId: number, purchaseId: number): Promise<Json | undefined> {
  const token = await idToken(request, admin.email, admin.password);
  const response = await request.get(`/api/customer/admin/${customerId}/purchases`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { purchases: Json[] }).purchases.find((p) => p.purchase_id === purchaseId);
}

async function openCustomer(request: APIRequestContext, page: Page, customerId: number) {
  // The admin reads once through the API first: the page's six reads then find the function warm.
  await purchaseAsAdmin(request, customerId, 0);
  await signInAs(page, admin);
  await page.goto(`/admin/clientes/${customerId}`);
  // Ceilings for a loaded 2-core machine (the function cold-starts), not speed checks.
  await expect(page.getByRole('table', { name: 'Compras' })).toBeVisible();
}

test('staff refund part of a card purchase, the Dashboard refunds the rest, and the credits go with the full refund', async ({ page, request }) => {
  test.setTimeout(180_000);
  const who = await newCustomer(request);
  await completeProfile(request, who);
  const { purchaseId, intentId } = await paidByCard(request, who, 4);

  await openCustomer(request, page, who.customerId);
  await page.getByRole('button', { name: 'Reembolsar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reembolsar' });
  await dialog.getByLabel('Compra a reembolsar').selectOption({ value: String(purchaseId) });
  await expect(dialog.getByText('Reembolso completo: se devuelven $1,700.00 MXN y sus créditos restantes de esta compra se retiran.')).toBeVisible();
  await dialog.getByRole('spinbutton', { name: /Monto a reembolsar/ }).fill('500');
  await expect(dialog.getByText('Reembolso parcial: se devuelven $500.00 MXN y conserva sus créditos.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Precaución' });
  await expect(confirm).toContainText('¿Confirmas el reembolso?');
  await confirm.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('Reembolso parcial registrado: conserva sus créditos.')).toBeVisible();
  await expect(page.getByText('Reembolsado: $500.00 MXN', { exact: false })).toBeVisible();

  const intent = (await (await request.get(`${STRIPE}/v1/payment_intents/${intentId}?expand[]=latest_charge`, { headers: stripeHeaders })).json()) as {
    latest_charge: { amount_refunded: number };
  };
  expect(intent.latest_charge.amount_refunded).toBe(50_000);
  // The refund's own webhook counts nothing more; still 500 and the credits kept.
  await expect.poll(async () => (await purchaseAsAdmin(request, who.customerId, purchaseId))?.refunded_amount).toBe(500);

  // The rest, refunded in Stripe's Dashboard: its charge.refunded webhook revokes the purchase and its credits.
  const dashboard = await request.post(`${STRIPE}/_control/payment_intents/${intentId}/refund`, { data: {} });
  expect(dashboard.status(), await dashboard.text()).toBe(200);
  await expect.poll(async () => (await purchaseAsAdmin(request, who.customerId, purchaseId))?.status).toBe('revoked');
  expect(await purchaseAsAdmin(request, who.customerId, purchaseId)).toMatchObject({ refunded_amount: 1700 });
});

test('staff revoke a card subscription at the end of its period: Stripe stops renewing, the credits stay', async ({ page, request }) => {
  test.setTimeout(180_000);
  const who = await newCustomer(request);
  await completeProfile(request, who);
  const { purchaseId } = await paidByCard(request, who, 5);
  await expect.poll(async () => (await purchaseAsAdmin(request, who.customerId, purchaseId))?.subscription_id).toMatch(/^sub_/);
  const subscriptionId = String((await purchaseAsAdmin(request, who.customerId, purchaseId))?.subscription_id);

  await openCustomer(request, page, who.customerId);
  await page.getByRole('button', { name: 'Revocar acceso' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revocar acceso' });
  await dialog.getByLabel('Acceso a revocar').selectOption({ value: String(purchaseId) });
  const when = dialog.getByRole('group', { name: '¿Cuándo termina la suscripción?' });
  await when.getByRole('radio', { name: /^Al final del periodo pagado/ }).check();
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await page.getByRole('dialog', { name: 'Precaución' }).getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByText('¡Acceso eliminado al final del periodo!', { exact: false })).toBeVisible();

  const subscription = (await (await request.get(`${STRIPE}/v1/subscriptions/${subscriptionId}`, { headers: stripeHeaders })).json()) as Json;
  expect(subscription).toMatchObject({ cancel_at_period_end: true, status: expect.stringMatching(/^(active|trialing)$/) });
  expect(await purchaseAsAdmin(request, who.customerId, purchaseId)).toMatchObject({ status: 'cancelled' });
  const lots = await request.get('/api/available_classes', { headers: { authorization: `Bearer ${who.token}` } });
  const { available_classes: held } = (await lots.json()) as { available_classes: Array<{ purchase_id: number; status: string }> };
  expect(held.filter((lot) => lot.purchase_id === purchaseId).map((lot) => lot.status)).toEqual(['active']);
});
