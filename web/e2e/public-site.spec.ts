import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, PUBLIC_SITE_ROUTES, setConfig } from './e2e-support';

/**
 * The public site against the seeded stack (docs/public-site): every public
 * route passes axe-core; the landing's sections follow appconfig; the banner
 * routes inside the app only for the studio's own domain; the coach page's
 * redirect; content pages; the schedule's filters; the JSON-LD.
 */

/**
 * Scrolls down a viewport at a time until the page stops growing, so every
 * island crosses the viewport and loads (one jump to the bottom can skip an
 * island that sits between the first screen and the end).
 */
async function loadWholeLanding(page: Page) {
  let height = 0;
  for (let i = 0; i < 10; i++) {
    const now = await page.evaluate(() => document.documentElement.scrollHeight);
    if (now === height) break;
    height = now;
    const step = await page.evaluate(() => window.innerHeight);
    for (let y = 0; y <= now; y += step) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForLoadState('networkidle');
    }
  }
}

const sectionOrder = (page: Page) =>
  // The sections' headings are '<key>-title'; the schedule's day columns inside are sections too, with generated ids.
  page.locator('main section[aria-labelledby$="-title"]').evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-labelledby')));

test('every public route is free of axe-core violations', async ({ page }) => {
  // A ceiling for a loop of pages on a loaded 2-core machine, not a speed check: each page loads whole, then axe runs.
  test.setTimeout(test.info().timeout + PUBLIC_SITE_ROUTES.length * 5_000);
  for (const path of PUBLIC_SITE_ROUTES) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    if (path === '/') await loadWholeLanding(page);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolations(page, path);
  }
});

test('the landing shows its sections in the configured order, and hides the ones switched off', async ({ page, request }) => {
  await page.goto('/');
  await loadWholeLanding(page);
  await expect
    .poll(() => sectionOrder(page))
    .toEqual(['hero-title', 'about-title', 'mission-title', 'class-types-title', 'coaches-title', 'packages-title', 'announcements-title', 'schedule-title']);

  const restore = await setConfig(request, [
    { key: 'mission_order', value: 0 },
    { key: 'coaches_enabled', value: false },
    { key: 'announcements_order', value: 2 },
  ]);
  try {
    await page.reload();
    await loadWholeLanding(page);
    await expect
      .poll(() => sectionOrder(page))
      .toEqual(['mission-title', 'hero-title', 'about-title', 'announcements-title', 'class-types-title', 'packages-title', 'schedule-title']);
  } finally {
    await setConfig(request, restore);
  }
});

test('the banner routes inside the app for the studio’s domain and leaves it for anyone else’s', async ({ page, request }) => {
  const restore = await setConfig(request, [
    { key: 'banner_enabled', value: true },
    { key: 'banner_text', value: 'Nuevos horarios de diciembre' },
    { key: 'banner_link', value: 'https://localhost/avisos' },
  ]);
  try {
    await page.goto('/');
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'same document';
    });
    await page.getByRole('link', { name: 'Nuevos horarios de diciembre' }).click();
    await expect(page).toHaveURL(/\/avisos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Avisos' })).toBeVisible();
    // Routed by the app: the page was not loaded again.
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same document');

    await setConfig(request, [{ key: 'banner_link', value: 'https://www.instagram.com/estudiolatido' }]);
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Nuevos horarios de diciembre' })).toHaveAttribute('href', 'https://www.instagram.com/estudiolatido');
  } finally {
    await setConfig(request, restore);
  }
});

test('a coach page shows the coach, and an unknown coach goes back to the landing', async ({ page }) => {
  await page.goto('/coach/1');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
  await expect(page.getByRole('link', { name: 'Ver sus clases' })).toHaveAttribute('href', '/instructor/1');
  await page.goto('/coach/987654');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main section.hero')).toBeVisible();
});

test('content pages show their title and content; an unknown slug is not found', async ({ page }) => {
  await page.goto('/aviso-de-privacidad');
  await expect(page.getByRole('heading', { level: 1, name: /Aviso de Privacidad/i })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Sin contenido.');
  await page.goto('/una-pagina-que-no-existe');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Aviso de Privacidad');
});

test('the schedule filters by location and coach, and the filters are in the address', async ({ page }) => {
  await page.goto('/calendario');
  await expect(page.getByRole('heading', { level: 1, name: 'Horarios' })).toBeVisible();
  const classes = page.locator('main li.schedule-class');
  await expect(classes.first()).toBeVisible();
  const all = await classes.count();
  const texts = () => classes.allInnerTexts();
  // While the filtered week loads the list is empty, and "every class matches" holds of no classes: wait for some.
  const allMatch = async (...needles: string[]) => {
    const found = await texts();
    return found.length > 0 && found.every((text) => needles.every((needle) => text.includes(needle)));
  };

  await page.getByLabel('Estudio').selectOption({ label: 'Latido Coyoacán' });
  await expect(page).toHaveURL(/ubicacion=2/);
  await expect.poll(() => allMatch('Latido Coyoacán')).toBe(true);
  const atCoyoacan = await classes.count();
  expect(atCoyoacan).toBeGreaterThan(0);
  expect(atCoyoacan).toBeLessThan(all);

  // A coach who teaches at Coyoacán this week (the first class's 'Con …' line), so the two filters together leave classes.
  const coach = page.getByLabel('Coach');
  const chosen = /Con ([^,\n]+)/.exec((await texts())[0] ?? '')?.[1]?.trim() ?? '';
  expect(chosen).not.toBe('');
  await coach.selectOption({ label: chosen });
  await expect(page).toHaveURL(/instructor=\d+/);
  await expect.poll(() => allMatch(chosen)).toBe(true);

  // A shared link opens with the same filters.
  const shared = page.url();
  await page.goto('/');
  await page.goto(shared);
  await expect(page.getByLabel('Estudio')).toHaveValue('2');
  await expect.poll(() => allMatch('Latido Coyoacán', chosen)).toBe(true);
});

test('the JSON-LD parses: the studio on the landing, its classes on the schedule', async ({ page }) => {
  const jsonLd = async () =>
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
  await page.goto('/');
  await expect.poll(async () => (await jsonLd()).some((item) => item.name === 'Estudio Latido')).toBe(true);

  await page.goto('/calendario');
  await page.waitForLoadState('networkidle');
  await expect.poll(async () => JSON.stringify(await jsonLd())).toContain('"organizer"');
  const events = (await jsonLd()).flatMap((item) => (Array.isArray(item) ? item : item['@graph'] ? (item['@graph'] as unknown[]) : [item])) as Array<
    Record<string, unknown>
  >;
  const event = events.find((item) => item['@type'] === 'Event');
  expect(event).toBeDefined();
  expect(JSON.stringify(event?.organizer)).toContain('Estudio Latido');
});
