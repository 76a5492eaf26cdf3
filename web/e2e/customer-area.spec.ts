import { expect, test } from '@playwright/test';
import { ana, CUSTOMER_AREA_ROUTES, diego, expectNoAxeViolations, expectNoAxeViolationsOn, setConfig, signInAs } from './e2e-support';

/**
 * The customer area's screens against the seeded stack (Ana has bookings,
 * waitlist entries and credits): each one is free of axe-core violations, and
 * its main content is there.
 */

test('Mis Reservaciones (with the access code), Listas de Espera and Online without a membership pass axe-core', async ({ page }) => {
  await signInAs(page, ana);

  await page.goto('/mystudio/reservaciones');
  await expect(page.getByRole('heading', { level: 1, name: 'Mis Reservaciones' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page, '/mystudio/reservaciones');
  // Ana's upcoming classes can be checked in with their code (qrcode_enabled is on in the seed).
  await page
    .getByRole('button', { name: /^Código de Acceso/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, 'Código de Acceso');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/mystudio/waitlists');
  await expect(page.locator('main h1')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page, '/mystudio/waitlists');

  // Without an online membership: the spec's message and a way to buy one.
  await page.goto('/mystudio/online');
  await expect(page.getByRole('heading', { level: 1, name: 'Online' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main a[href="/mystudio/paquetes"]').first()).toBeVisible();
  await expectNoAxeViolations(page, '/mystudio/online (no membership)');
});

test('Online and the video page pass axe-core for a member', async ({ page }) => {
  await signInAs(page, diego);
  await page.goto('/mystudio/online');
  await expect(page.getByRole('heading', { level: 1, name: 'Online' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoAxeViolations(page, '/mystudio/online');
  const firstVideo = page.locator('main a[href^="/mystudio/video/"]').first();
  await expect(firstVideo).toBeVisible();
  await firstVideo.click();
  await expect(page).toHaveURL(/\/mystudio\/video\/\d+/);
  // Settled by what the page shows, not by an idle network: the newest video may be an embed (Vimeo, YouTube) whose
  // player cannot load offline, and Chromium keeps reloading a frame's network error page, so the network never idles.
  await expect(page.locator('main h1')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Calificación' })).toBeVisible();
  await expectNoAxeViolations(page, '/mystudio/video/{id}');
});

test('Créditos (where the studio restricts lots to class types) passes axe-core and lists the lots', async ({ page, request }) => {
  const restore = await setConfig(request, [{ key: 'allow_restricted_class_types', value: true }]);
  try {
    await signInAs(page, ana);
    await page.goto('/mystudio/creditos');
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Comprar Clases' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main')).toContainText('Disponibles');
    await expectNoAxeViolations(page, '/mystudio/creditos');
  } finally {
    await setConfig(request, restore);
  }
});

test('every /mystudio route passes axe-core', async ({ page }) => {
  await signInAs(page, ana);
  // Every screen of the area, as Ana sees them.
  await expectNoAxeViolationsOn(page, CUSTOMER_AREA_ROUTES);
});
