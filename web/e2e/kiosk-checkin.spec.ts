import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { type APIRequestContext, chromium, expect, type Page, test } from '@playwright/test';
import { cancelClass, createClass, customerWithCredits, type E2eCustomer, studioSoon } from './booking-support';
import { admin, expectNoAxeViolations, idToken, signInAs } from './e2e-support';
import { writeQrVideo } from './qr-video';

/**
 * The kiosk (issue 25, ADR 0116) on a phone: two customers' QRs held up to the
 * camera — a Y4M video played by Chromium's fake capture device, each QR two
 * seconds, looping — are checked in one after the other by the continuous
 * scan (Linux Chromium has no BarcodeDetector: jsQR reads them), and a third
 * customer, without their phone, is found by name and checked in.
 */

const PHONE = { width: 390, height: 844 };

/** Letters only, so the names read as names: 'Escaner' + 'kdjfa'. */
const letters = () => [...randomUUID().replaceAll('-', '').slice(0, 6)].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');

/** The QR's text as the customer's 'Código de Acceso' encodes it (reservations/reservation-rules.ts accessCodeUrl). */
const qrText = (origin: string, id: number, code: string) => `${origin}/admin/reservaciones/${id}?code=${encodeURIComponent(code)}`;

async function book(request: APIRequestContext, who: E2eCustomer, classId: number): Promise<{ class_reservation_id: number; access_code: string }> {
  const booked = await request.post('/api/class_reservations', { headers: { authorization: `Bearer ${who.token}` }, data: { single_class_id: classId } });
  expect(booked.status(), await booked.text()).toBe(201);
  return ((await booked.json()) as { class_reservation: { class_reservation_id: number; access_code: string } }).class_reservation;
}

async function attendance(request: APIRequestContext, classId: number): Promise<Map<number, boolean>> {
  const token = await idToken(request, admin.email, admin.password);
  const response = await request.get(`/api/single_class/${classId}/roster`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const { reservations } = (await response.json()) as { reservations: Array<{ class_reservation_id: number; attend: boolean }> };
  return new Map(reservations.map((r) => [r.class_reservation_id, r.attend]));
}

async function widthProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const width of [320, 390, 768]) {
    await page.setViewportSize({ width, height: PHONE.height });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    if (scrollWidth > innerWidth) problems.push(`${scrollWidth}px wide at ${innerWidth}px`);
  }
  await page.setViewportSize(PHONE);
  return problems;
}

test('a phone-sized kiosk checks in two customers from their QRs held to the camera, and a third found by name', async ({ request }, testInfo) => {
  const suffix = letters();
  const people = {
    alma: { name: 'Alma', lastName: `Escaner${suffix}` },
    bruno: { name: 'Bruno', lastName: `Escaner${suffix}` },
    carmen: { name: 'Carmen', lastName: `Mostrador${suffix}` },
  };
  const fullName = (p: { name: string; lastName: string }) => `${p.name} ${p.lastName}`;
  const [alma, bruno, carmen] = await Promise.all(Object.values(people).map((person) => customerWithCredits(request, person)));
  const soon = studioSoon(30); // check-in opens 60 minutes before the class
  const cls = await createClass(request, { ...soon, classTypeId: 2, capacity: 5 });
  const video = testInfo.outputPath('kiosk-qrs.y4m');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const [a, b, c] = [
      await book(request, alma as E2eCustomer, cls.id),
      await book(request, bruno as E2eCustomer, cls.id),
      await book(request, carmen as E2eCustomer, cls.id),
    ];
    const origin = String(testInfo.project.use.baseURL);
    // Written before the camera starts: Chromium opens the file when capture begins.
    writeQrVideo(video, [qrText(origin, a.class_reservation_id, a.access_code), qrText(origin, b.class_reservation_id, b.access_code)]);

    const context = await browser.newContext({
      baseURL: origin,
      locale: 'es-MX',
      timezoneId: 'America/Mexico_City',
      viewport: PHONE,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await signInAs(page, admin);
    await page.goto('/admin/checkin');
    await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();

    await page.getByRole('button', { name: 'Escanear con la cámara' }).click();
    const scanned = [fullName(people.alma), fullName(people.bruno)];
    const seen: string[] = [];
    for (let turn = 0; turn < 2; turn += 1) {
      // Whichever QR the looping video shows first; then the other one (the first, still in the loop, is not checked in again).
      const card = turn === 0 ? page.locator('.admin-checkin__card') : page.getByRole('region', { name: scanned.find((n) => !seen.includes(n)) });
      await expect(card).toBeVisible();
      const name = (await card.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
      expect(scanned).toContain(name);
      expect(seen).not.toContain(name);
      seen.push(name);
      await expect(card).toContainText('Asistencia registrada');
      await expect(card).toContainText('Yoga Vinyasa');
      await expect(page.getByText(`Asistencia registrada: ${name}.`, { exact: true })).toBeVisible();
      if (turn === 0) {
        // The card, not the camera, is what the person at the door sees on a phone.
        await expect(card).toBeInViewport();
        await expectNoAxeViolations(page, '/admin/checkin, a scan’s card');
        expect(await widthProblems(page)).toEqual([]);
        // KIOSK_SCREENSHOT=docs/admin/kiosk-checkin.png refreshes the admin README's picture.
        await page.screenshot({ path: process.env.KIOSK_SCREENSHOT ?? testInfo.outputPath('kiosk-checkin.png') });
      }
      await page.getByRole('button', { name: 'Siguiente' }).click();
    }
    expect(seen.sort()).toEqual([...scanned].sort());
    let state = await attendance(request, cls.id);
    expect([state.get(a.class_reservation_id), state.get(b.class_reservation_id), state.get(c.class_reservation_id)]).toEqual([true, true, false]);
    await page.getByRole('button', { name: 'Detener la cámara' }).click();

    // Carmen left her phone at home: found by name among today's reservations.
    await page.getByLabel('Nombre del cliente').fill(`carmen mostrador${suffix}`);
    await expect(page.getByText('1 reservación hoy con ese nombre.')).toBeVisible();
    const match = page.getByRole('listitem').filter({ hasText: fullName(people.carmen) });
    await expect(match).toContainText('Yoga Vinyasa');
    await expect(match).toContainText(soon.startTime);
    await expectNoAxeViolations(page, '/admin/checkin, the name search');
    expect(await widthProblems(page)).toEqual([]);
    await match.getByRole('button', { name: `Registrar asistencia: ${fullName(people.carmen)}, ${soon.startTime}` }).click();
    await expect(match).toContainText('Ya registrada');
    await expect(page.getByText(`Asistencia registrada: ${fullName(people.carmen)}.`)).toBeVisible();
    state = await attendance(request, cls.id);
    expect(state.get(c.class_reservation_id)).toBe(true);
    await context.close();
  } finally {
    await browser.close();
    rmSync(video, { force: true });
    await cancelClass(request, cls.id);
  }
});
