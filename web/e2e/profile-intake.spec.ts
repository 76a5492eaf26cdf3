import { expect, type Page, test } from '@playwright/test';
import { cancelClass, createClass, creditsLeft, giveTenClasses, newCustomer, studioDayFromToday } from './booking-support';
import { expectNoAxeViolations, signInAs } from './e2e-support';

/**
 * 'Completa tu perfil' before the first booking (issue 25, ADR 0118): a new
 * customer who has not answered the studio's profile questions (the seed's
 * required emergency contact, the optional injuries and shoe size) is asked them in the
 * booking modal; answered once, the booking goes on, and the next booking
 * does not ask again. The home route's modal blocks (customer-area §2
 * "Blocking modals") and offers 'Salir', since it covers the menu.
 */

const DAY = studioDayFromToday(5);

function classCard(page: Page, description: string) {
  return page.getByRole('listitem').filter({ hasText: description });
}

test("a new customer is asked 'Completa tu perfil' once, in the booking modal, before the first booking", async ({ page, request }) => {
  const customer = await newCustomer(request);
  await giveTenClasses(request, customer.customerId);
  const first = await createClass(request, { date: DAY, startTime: '21:25', classTypeId: 2, capacity: 5 });
  const second = await createClass(request, { date: DAY, startTime: '21:55', classTypeId: 2, capacity: 5 });
  try {
    await signInAs(page, customer);
    await page.goto(`/mystudio?semana=${DAY}`);
    // The home route's modal blocks, as the spec says, and offers 'Salir' (it covers the menu).
    const prompt = page.getByRole('dialog', { name: 'Completa tu información' });
    await expect(prompt.getByRole('button', { name: 'Salir' })).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Cerrar' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(prompt).toBeVisible();

    // The API refuses a booking sent without the answers, and writes nothing.
    const refused = await request.post('/api/class_reservations', {
      headers: { authorization: `Bearer ${customer.token}` },
      data: { single_class_id: first.id },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('booking/profile-incomplete');
    expect(await creditsLeft(request, customer)).toBe(10);

    // A tab opened before the studio made the question required knows of nothing pending (every customer
    // answer it reads says so, until the reload below): the booking modal asks the questions itself.
    await page.route('**/api/customer', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { customer: { pending_fields: string[] } };
      await route.fulfill({ response, json: { ...body, customer: { ...body.customer, pending_fields: [] } } });
    });
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Completa tu información' })).toHaveCount(0);
    const card = classCard(page, first.description);
    await card.getByRole('button', { name: 'Reservar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reservar clase' });
    const intake = dialog.getByRole('group', { name: 'Completa tu perfil' });
    await expect(intake).toBeVisible();
    // Every question of the seed's intake: the required contact, the optional injuries and shoe size.
    await expect(intake.getByLabel(/Lesiones o condiciones médicas/)).toBeVisible();
    await expect(intake.getByLabel(/Talla de zapato para cycling/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reservar', exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, "booking modal asking 'Completa tu perfil'");
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await expect(dialog.getByText('Revisa el campo: Contacto de emergencia')).toBeVisible();
    await intake.getByLabel(/Contacto de emergencia/).fill('Mamá 5512345678');
    await dialog.getByRole('button', { name: 'Continuar' }).click();

    // Answered: the same modal goes on to the booking.
    await dialog.getByRole('button', { name: 'Reservar', exact: true }).click();
    await expect(page.getByText('¡Reservación guardada con éxito!')).toBeVisible();
    await expect(card).toContainText('Reservada');
    expect(await creditsLeft(request, customer)).toBe(9);

    // The next booking, with the real answer and after a reload, does not ask again.
    await page.unroute('**/api/customer');
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Completa tu información' })).toHaveCount(0);
    await classCard(page, second.description).getByRole('button', { name: 'Reservar' }).click();
    const next = page.getByRole('dialog', { name: 'Reservar clase' });
    await expect(next.getByRole('button', { name: 'Reservar', exact: true })).toBeVisible();
    await expect(next.getByRole('group', { name: 'Completa tu perfil' })).toHaveCount(0);
    await next.getByRole('button', { name: 'Reservar', exact: true }).click();
    await expect(classCard(page, second.description)).toContainText('Reservada');
    expect(await creditsLeft(request, customer)).toBe(8);
  } finally {
    await cancelClass(request, first.id);
    await cancelClass(request, second.id);
  }
});
