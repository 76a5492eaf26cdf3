import { expect, test } from '@playwright/test';
import { cancelClass, createClass, customerWithCredits, studioDayFromToday, studioSoon } from './booking-support';
import { admin, expectNoAxeViolations, idToken, signInAs } from './e2e-support';

/**
 * Issue 25 in the browser, on the seeded stack: in Mis Reservaciones 'Todas'
 * starts with the next class; a place checked in at the desk offers neither
 * 'Cancelar Clase' nor (before its class has ended) 'Calificar Clase'; an
 * attended class that has ended offers 'Calificar Clase' and no cancel.
 * Classes and check-ins are made through the API, as the front desk would.
 */
test("Mis Reservaciones: the next class first, no 'Cancelar' once checked in, 'Calificar Clase' only after an attended class", async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await idToken(request, admin.email, admin.password)}` };
  const customer = await customerWithCredits(request);
  // Starts in 40 minutes (check-in is open), in three days, and ended over an hour ago (45 minutes long).
  const soon = await createClass(request, { ...studioSoon(40), classTypeId: 2, capacity: 4 });
  const later = await createClass(request, { date: studioDayFromToday(3), startTime: '08:15', classTypeId: 2, capacity: 4 });
  const past = await createClass(request, { ...studioSoon(-120), classTypeId: 2, capacity: 4 });
  try {
    for (const cls of [later, soon]) {
      const booked = await request.post('/api/class_reservations', {
        headers: { authorization: `Bearer ${customer.token}` },
        data: { single_class_id: cls.id },
      });
      expect(booked.status(), await booked.text()).toBe(201);
    }
    // The past class: the desk adds the customer after the fact (a walk-in), then both places are checked in.
    const added = await request.post(`/api/single_class/${past.id}/reservations`, { headers, data: { customer_id: customer.customerId, charge: false } });
    expect(added.status(), await added.text()).toBe(201);
    const mine = await request.get('/api/class_reservations', { headers: { authorization: `Bearer ${customer.token}` } });
    const { class_reservations } = (await mine.json()) as { class_reservations: Array<{ class_reservation_id: number; single_class_id: number }> };
    for (const cls of [soon, past]) {
      const reservation = class_reservations.find((r) => r.single_class_id === cls.id);
      const checkIn = await request.post(`/api/single_class/${cls.id}/check_in`, {
        headers,
        data: { class_reservation_id: reservation?.class_reservation_id },
      });
      expect(checkIn.status(), await checkIn.text()).toBe(200);
    }

    await signInAs(page, customer);
    await page.goto('/mystudio/reservaciones');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis Reservaciones' })).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(4); // the header and the three places

    // 1: the class about to start, checked in: 'Exitosa', no cancel, nothing to rate yet.
    const first = rows.nth(1);
    await expect(first).toContainText('Exitosa');
    await expect(first.getByRole('button', { name: /Cancelar/ })).toHaveCount(0);
    await expect(first.getByRole('button', { name: /Calificar/ })).toHaveCount(0);
    // 2: the class in three days: 'Próxima', cancellable.
    const second = rows.nth(2);
    await expect(second).toContainText('Próxima');
    await expect(second.getByRole('button', { name: /^Cancelar Clase/ })).toBeVisible();
    // 3: the attended class that has ended: rated, not cancelled.
    const third = rows.nth(3);
    await expect(third).toContainText('Exitosa');
    await expect(third.getByRole('button', { name: /^Calificar Clase/ })).toBeVisible();
    await expect(third.getByRole('button', { name: /Cancelar/ })).toHaveCount(0);
    await expectNoAxeViolations(page, '/mystudio/reservaciones (reservation rules)');
  } finally {
    for (const cls of [soon, later, past]) await cancelClass(request, cls.id);
  }
});
