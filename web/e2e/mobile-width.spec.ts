import { expect, type Page, test } from '@playwright/test';
import { admin, ADMIN_ROUTES, ana, CUSTOMER_AREA_ROUTES, PUBLIC_SITE_ROUTES, signInAs } from './e2e-support';

/**
 * Mobile first: no screen may be wider than a phone, nor the console wider
 * than a phone or a tablet. Long rows (the /mystudio menu) scroll inside
 * themselves, the console's menu is a drawer; the page never scrolls sideways.
 */

// public-site-and-checkout.md §2, plus checkout, thanks and an unknown path.
const PUBLIC_ROUTES = [...PUBLIC_SITE_ROUTES, '/checkout/1', '/gracias/15', '/una/ruta/desconocida'];

async function widthOf(page: Page, path: string): Promise<string | null> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Accediendo' })).toHaveCount(0);
  await expect(page.locator('main h1').first()).toBeVisible();
  // The footer's page links and any image arrive after the first paint: measure the settled page.
  await page.waitForLoadState('networkidle');
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  return scrollWidth <= innerWidth ? null : `${path}: ${scrollWidth}px wide in a ${innerWidth}px viewport`;
}

/** A loop of page loads on a loaded 2-core machine: a ceiling per page, not a speed check. */
const allowFor = (routes: readonly string[]) => test.setTimeout(test.info().timeout + routes.length * 5_000);

async function tooWideOf(page: Page, routes: readonly string[]): Promise<string[]> {
  const tooWide: string[] = [];
  for (const path of routes) {
    const problem = await widthOf(page, path);
    if (problem) tooWide.push(problem);
  }
  return tooWide;
}

async function signIn(page: Page) {
  await signInAs(page, ana);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
}

for (const width of [320, 390, 768]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: false });

    // The public site is checked at phone widths; the areas people sign in to, at a tablet's too.
    if (width <= 390)
      test('no public route is wider than the viewport', async ({ page }) => {
        allowFor(PUBLIC_ROUTES);
        expect(await tooWideOf(page, PUBLIC_ROUTES)).toEqual([]);
      });

    test('no /mystudio route is wider than the viewport, and the area menu scrolls in its own row', async ({ page }) => {
      allowFor(CUSTOMER_AREA_ROUTES);
      await signIn(page);
      // Switched-off screens answer not-found, at the same width.
      expect(await tooWideOf(page, CUSTOMER_AREA_ROUTES)).toEqual([]);
      if (width > 390) return;

      // The menu keeps every entry, reachable by scrolling its row.
      await page.goto('/mystudio');
      const row = page.getByRole('navigation', { name: 'Mi Cuenta' }).getByRole('list');
      const { scrollWidth, clientWidth } = await row.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
      expect(clientWidth).toBeLessThanOrEqual(width);
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      await row.getByRole('link', { name: 'Listas de Espera' }).scrollIntoViewIfNeeded();
      await expect(row.getByRole('link', { name: 'Listas de Espera' })).toBeInViewport();
    });

    test('no /admin route is wider than the viewport; the menu is a drawer that opens within it', async ({ page }) => {
      allowFor(ADMIN_ROUTES);
      await signInAs(page, admin);
      expect(await tooWideOf(page, ADMIN_ROUTES)).toEqual([]);

      await page.goto('/admin/clientes');
      const menu = page.getByRole('navigation', { name: 'Administración' });
      const toggle = menu.getByRole('button', { name: 'Menú Clientes' });
      await expect(toggle).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Sedes' })).toBeHidden();
      await toggle.click();
      await expect(menu.getByRole('link', { name: 'Sedes' })).toBeVisible();
      const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      await menu.getByRole('link', { name: 'Sedes' }).click();
      await expect(page).toHaveURL(/\/admin\/sedes$/);
      await expect(menu.getByRole('button', { name: 'Menú Sedes' })).toHaveAttribute('aria-expanded', 'false');
    });
  });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the console’s menu is a sidebar, always open, with no drawer button', async ({ page }) => {
    await signInAs(page, admin);
    await page.goto('/admin/clientes');
    const menu = page.getByRole('navigation', { name: 'Administración' });
    await expect(menu.getByRole('link', { name: 'Sedes' })).toBeVisible();
    await expect(menu.getByRole('button', { name: /^Menú/ })).toBeHidden();
  });
});
