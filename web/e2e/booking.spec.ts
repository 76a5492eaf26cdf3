import { expect, type Page, test } from '@playwright/test';
import {
  cancelClass,
  completeProfile,
  createClass,
  createRequiredPage,
  creditsLeft,
  customerWithCredits,
  deletePage,
  newCustomer,
  studioDayFromToday,
} from './booking-support';
import { admin, comeBack, diego, expectNoAxeViolations, fillSignUp, signInAs, uniquePhone } from './e2e-support';

/**
 * Issue 11's customer flows against the seeded stack, with fresh customers and
 * classes made through the API: booking a spot by keyboard, the waitlist and
 * its promotion, the required document, the billing address, a video's
 * favorite and completion. axe-core runs on each screen and open modal.
 */

/** A class three studio days ahead: well outside the 12-hour cancel window and the waitlist's cutoff. */
const DAY = studioDayFromToday(3);

function classCard(page: Page, description: string) {
  return page.getByRole('listitem').filter({ hasText: description });
}

test('a customer picks a spot with the keyboard, sees the class marked as theirs, cancels in time and gets the credit back', async ({ page, request }) => {
  const customer = await customerWithCredits(request);
  const cls = await createClass(request, { date: DAY, startTime: '21:40', classTypeId: 1 });
  try {
    expect(await creditsLeft(request, customer)).toBe(10);
    await signInAs(page, customer);
    await page.goto(`/mystudio?semana=${DAY}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
    const card = classCard(page, cls.description);
    await expect(card).toContainText('Disponible');
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, '/mystudio');

    await card.getByRole('button', { name: 'Reservar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reservar clase' });
    const map = dialog.getByRole('group', { name: 'Elige tu lugar' }).last();
    await expect(map.getByRole('button', { name: 'Lugar 1, disponible' })).toBeVisible();
    await expectNoAxeViolations(page, 'booking modal');

    // Keyboard only: the map is one tab stop; arrows walk the seats, Enter picks.
    await map.getByRole('button', { name: 'Lugar 1, disponible' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(map.getByRole('button', { name: /^Lugar 3,/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(map.getByRole('button', { name: /^Lugar 3,/ })).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: 'Reservar', exact: true }).click();

    await expect(page.getByText('¡Reservación guardada con éxito!')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(card).toContainText('Reservada');
    await expect(card).toContainText('Tu lugar: 3');
    expect(await creditsLeft(request, customer)).toBe(9);

    await card.getByRole('button', { name: 'Cancelar', exact: true }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancelar Clase' });
    await expect(cancel).toBeVisible();
    // Three days ahead: inside the policy, so no late-cancel warning.
    await expect(cancel).not.toContainText('no se te regresará');
    await expectNoAxeViolations(page, 'cancel modal');
    await cancel.getByRole('button', { name: 'Sí, cancelar' }).click();
    await expect(page.getByText('Reservación cancelada.')).toBeVisible();
    await expect(card).toContainText('Disponible');
    expect(await creditsLeft(request, customer)).toBe(10);
  } finally {
    await cancelClass(request, cls.id);
  }
});

test("the studio's booking question is answered in the modal, and the desk reads the answer on the class's roster (ADR 0115)", async ({
  page,
  request,
  browser,
}) => {
  const customer = await customerWithCredits(request);
  const cls = await createClass(request, { date: DAY, startTime: '21:50', classTypeId: 2, capacity: 10 });
  const note = `Vengo con una lesión de rodilla (${cls.description}).`;
  try {
    await signInAs(page, customer);
    await page.goto(`/mystudio?semana=${DAY}`);
    const card = classCard(page, cls.description);
    await card.getByRole('button', { name: 'Reservar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reservar clase' });
    // The seed's question is optional: said so, and the booking goes through with it answered.
    const answer = dialog.getByRole('group', { name: 'Antes de tu clase' }).getByRole('textbox', { name: /¿Algo que debamos saber para tu clase\?/ });
    await expect(answer).toBeVisible();
    await expectNoAxeViolations(page, 'booking modal with a question');
    await answer.fill(note);
    await dialog.getByRole('button', { name: 'Reservar', exact: true }).click();
    await expect(page.getByText('¡Reservación guardada con éxito!')).toBeVisible();
    await expect(card).toContainText('Reservada');

    const desk = await comeBack(browser, admin);
    await desk.goto(`/admin/horario/${cls.id}`);
    const answered = desk.getByText(note);
    await expect(answered).toBeVisible();
    await expect(desk.locator('dt', { hasText: '¿Algo que debamos saber para tu clase?' })).toBeVisible();
    await desk.waitForLoadState('networkidle');
    await expectNoAxeViolations(desk, 'roster with an answer');
    await desk.context().close();
  } finally {
    await cancelClass(request, cls.id);
  }
});

test('a full class: join its waitlist at position 1, get promoted when a seat frees, see the reservation and the notice', async ({ page, request }) => {
  const first = await customerWithCredits(request);
  const waiting = await customerWithCredits(request);
  const cls = await createClass(request, { date: DAY, startTime: '21:50', classTypeId: 2, capacity: 1 });
  try {
    const booked = await request.post('/api/class_reservations', { headers: { authorization: `Bearer ${first.token}` }, data: { single_class_id: cls.id } });
    expect(booked.status(), await booked.text()).toBe(201);
    const { class_reservation } = (await booked.json()) as { class_reservation: { class_reservation_id: number } };

    await signInAs(page, waiting);
    await page.goto(`/mystudio?semana=${DAY}`);
    const card = classCard(page, cls.description);
    await expect(card).toContainText('Sold Out');
    await card.getByRole('button', { name: 'Lista de Espera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lista de Espera' });
    await expect(dialog).toContainText('Esta clase está llena');
    await expectNoAxeViolations(page, 'waitlist modal');
    await dialog.getByRole('button', { name: 'Anotarme' }).click();
    await expect(page.getByText('Anotada en lista de espera.')).toBeVisible();
    await expect(card).toContainText('Estás en el lugar 1 de la lista de espera');

    // The first customer cancels: the seat is the line's, and the promotion trigger books the one waiting.
    const cancelled = await request.delete(`/api/class_reservations/${class_reservation.class_reservation_id}`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    // The calendar refreshes its spots while open (every 15 s); the promotion runs in a trigger.
    await expect(card).toContainText('Reservada');
    expect(await creditsLeft(request, waiting)).toBe(9);

    await page.goto('/mystudio/informacion');
    const notices = page.getByRole('region', { name: 'Notificaciones' });
    await expect(notices).toContainText('Te conseguimos un lugar');
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, '/mystudio/informacion with a notice');
  } finally {
    await cancelClass(request, cls.id);
  }
});

test('a required document must be accepted before the area can be used', async ({ page, request }) => {
  const customer = await newCustomer(request);
  await completeProfile(request, customer);
  // The studio adds a required document after the customer signed up: they must accept it before going on.
  const page_ = await createRequiredPage(request);
  try {
    await signInAs(page, customer);
    const gate = page.getByRole('dialog', { name: page_.title });
    await expect(gate).toBeVisible();
    await expectNoAxeViolations(page, 'required document');
    await gate.getByRole('button', { name: 'Aceptar' }).click();
    await expect(gate).toContainText(`Debes aceptar ${page_.title} para continuar`);
    await gate.getByLabel(`He leído y acepto ${page_.title}`).check();
    await gate.getByRole('button', { name: 'Aceptar' }).click();
    await expect(gate).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Mi Cuenta' }).getByRole('link', { name: 'Reservaciones' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mis Reservaciones' })).toBeVisible();
  } finally {
    await deletePage(request, page_.id);
  }
});

test('the billing address shows the validation messages first, then saves', async ({ page, request }) => {
  const customer = await newCustomer(request);
  await completeProfile(request, customer);
  await signInAs(page, customer);
  await page.goto('/mystudio/informacion');
  await expect(page.getByRole('heading', { level: 1, name: 'Mi Información' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page, '/mystudio/informacion');

  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Debes agregar tu ciudad.')).toBeVisible();
  await expect(page.getByText('Debes agregar tu estado.')).toBeVisible();
  await expect(page.getByText('Debes agregar tu país.')).toBeVisible();
  await expectNoAxeViolations(page, 'billing address with errors');

  await page.getByLabel('Calle').fill('Av. Álvaro Obregón');
  await page.getByLabel('Ciudad').fill('Ciudad de México');
  await page.getByLabel('Estado').fill('CDMX');
  await page.getByLabel('País').fill('México');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Guardado con éxito.')).toBeVisible();
  await expect(page.getByText('Ciudad de México')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Editar dirección/ })).toBeVisible();
});

test('a member marks a video favorite and complete', async ({ page }) => {
  await signInAs(page, diego);
  await page.goto('/mystudio/online');
  await expect(page.getByRole('heading', { level: 1, name: 'Online' })).toBeVisible();
  const favorite = page.getByRole('button', { name: /^Favorito: / }).first();
  await expect(favorite).toBeVisible();
  const name = ((await favorite.getAttribute('aria-label')) ?? (await favorite.textContent()) ?? '').replace(/^Favorito: /, '');
  if ((await favorite.getAttribute('aria-pressed')) === 'true') {
    await favorite.click();
    await expect(page.getByText('¡Favorito eliminado!')).toBeVisible();
  }
  await favorite.click();
  await expect(page.getByText('¡Favorito agregado!')).toBeVisible();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Favoritos' }).click();
  await expect(page.getByRole('main')).toContainText(name);

  await page.getByRole('link', { name }).first().click();
  const complete = page.getByRole('button', { name: /^Marcar como (no )?completado$/ });
  if ((await complete.textContent())?.includes('no completado')) await complete.click();
  await page.getByRole('button', { name: 'Marcar como completado' }).click();
  await expect(page.getByRole('button', { name: 'Marcar como no completado' })).toBeVisible();
  await page.goto('/mystudio/online?view=completed');
  await expect(page.getByRole('main')).toContainText(name);
});

test("a visitor follows a class's link, signs up in the prompt, answers the studio's required question, and the booking resumes", async ({ page, request }) => {
  const cls = await createClass(request, { date: DAY, startTime: '22:05', classTypeId: 2, capacity: 5 });
  try {
    // The public schedule's 'Reservar' link.
    await page.goto(`/mystudio?single_class_id=${cls.id}`);
    const prompt = page.getByRole('dialog', { name: 'Inicia sesión para reservar' });
    await expect(prompt).toBeVisible();
    await expectNoAxeViolations(page, 'sign-in prompt');
    await prompt.getByRole('button', { name: '¿No tienes cuenta? Crea una aquí' }).click();
    const signUp = page.getByRole('dialog', { name: 'Crea tu cuenta para reservar' });
    await fillSignUp(signUp, { name: 'Paola', lastName: 'Navarro Ruiz', email: `e2e.visit.${Date.now()}@example.com`, phone: uniquePhone() });
    await signUp.getByRole('button', { name: 'Crear Cuenta' }).click();

    // The studio requires an emergency contact (the seed's customer field): that comes first, and blocks the calendar.
    const info = page.getByRole('dialog', { name: 'Completa tu información' });
    await expect(info).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Reservar clase' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'complete-information modal');
    await info.getByRole('link', { name: 'Completar mi información' }).click();

    const extra = page.getByRole('region', { name: 'Información adicional' });
    await extra.getByRole('button', { name: /^Editar/ }).click();
    // Submitted from the keyboard: a click on 'Guardar' would first blur the empty field, whose message then moves the button.
    await extra.getByLabel('Contacto de emergencia').press('Enter');
    await expect(extra.getByRole('alert').filter({ hasText: 'Revisa el campo: Contacto de emergencia' })).toBeVisible();
    await extra.getByLabel('Contacto de emergencia').fill('Mamá 5512345678');
    await extra.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Perfil actualizado con éxito.')).toBeVisible();

    // Back on the calendar, the booking left behind opens (1 s after, as after signing in).
    await page.getByRole('navigation', { name: 'Mi Cuenta' }).getByRole('link', { name: 'Presenciales' }).click();
    const booking = page.getByRole('dialog', { name: 'Reservar clase' });
    await expect(booking).toBeVisible();
    await expect(booking).toContainText('Yoga Vinyasa');
  } finally {
    await cancelClass(request, cls.id);
  }
});
