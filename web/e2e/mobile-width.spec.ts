import { expect, type Page, test } from '@playwright/test';
import { ana, CUSTOMER_AREA_ROUTES, PUBLIC_SITE_ROUTES, signInAs } from './e2e-support';

/**
 * Mobile first: no screen may be wider than a phone. Long rows (the /mystudio
 * menu) scroll inside themselves; the page itself never scrolls sideways.
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

async function signIn(page: Page) {
  await signInAs(page, ana);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendario' })).toBeVisible();
}

for (const width of [320, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 }, isMobile: false });

    test('no public route is wider than the viewport', async ({ page }) => {
      const tooWide: string[] = [];
      for (const path of PUBLIC_ROUTES) {
        const problem = await widthOf(page, path);
        if (problem) tooWide.push(problem);
      }
      expect(tooWide).toEqual([]);
    });

    test('no /mystudio route is wider than the viewport, and the area menu scrolls in its own row', async ({ page }) => {
      await signIn(page);
      const tooWide: string[] = [];
      // Switched-off screens answer not-found, at the same width.
      for (const path of CUSTOMER_AREA_ROUTES) {
        const problem = await widthOf(page, path);
        if (problem) tooWide.push(problem);
      }
      expect(tooWide).toEqual([]);

      // The menu keeps every entry, reachable by scrolling its row.
      await page.goto('/mystudio');
      const row = page.getByRole('navigation', { name: 'Mi Cuenta' }).getByRole('list');
      const { scrollWidth, clientWidth } = await row.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
      expect(clientWidth).toBeLessThanOrEqual(width);
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      await row.getByRole('link', { name: 'Listas de Espera' }).scrollIntoViewIfNeeded();
      await expect(row.getByRole('link', { name: 'Listas de Espera' })).toBeInViewport();
    });
  });
}
