import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailOnce, type MailDoc } from '../../functions/src/data/repos/mail-repo';
import { type TestEnv, testEnv } from '../../functions/test/unit/support';
import { type MailViewer, startMailViewer } from '../mail-viewer';

let env: TestEnv;
let viewer: MailViewer;

const ICS = 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n';
const mail = (subject: string, createdAt: string, attachments?: MailDoc['message']['attachments']): MailDoc => ({
  to: 'ana@example.com',
  message: { subject, html: '<p>Hola <b>Ana</b></p>', text: 'Hola Ana', ...(attachments ? { attachments } : {}) },
  kind: 'booked',
  customer_id: 2,
  reference: { type: 'class_reservation', id: 1001 },
  createdAt: new Date(createdAt),
});

beforeEach(async () => {
  env = testEnv();
  viewer = await startMailViewer(env.store, 0);
});
afterEach(async () => {
  await viewer.close();
  await env.cleanup();
});

const get = (pathname: string, init?: RequestInit) => fetch(new URL(pathname, viewer.url), init);

describe('local mail viewer (npm start only)', () => {
  it('lists mail newest first, shows one with its HTML sandboxed and its .ics downloadable', async () => {
    await createMailOnce(
      env.store,
      'reservation-1001-booked',
      mail('Tu reservación <1>', '2026-11-22T18:00:00Z', [
        { filename: 'clase.ics', content: ICS, contentType: 'text/calendar; charset=utf-8; method=REQUEST' },
      ]),
    );
    await createMailOnce(env.store, 'reservation-1001-cancelled', mail('Cancelaste tu reservación', '2026-11-23T10:00:00Z'));

    const list = await get('/');
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html.indexOf('Cancelaste tu reservación')).toBeLessThan(html.indexOf('Tu reservación &lt;1&gt;'));
    expect(html).toContain('href="/mail/reservation-1001-booked"');

    const one = await (await get('/mail/reservation-1001-booked')).text();
    expect(one).toContain('<iframe sandbox');
    expect(one).toContain('srcdoc="&lt;p&gt;Hola &lt;b&gt;Ana&lt;/b&gt;&lt;/p&gt;"');
    expect(one).toContain('href="/mail/reservation-1001-booked/attachments/0"');

    const ics = await get('/mail/reservation-1001-booked/attachments/0');
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(ics.headers.get('content-disposition')).toBe('attachment; filename="clase.ics"');
    expect(await ics.text()).toBe(ICS);
  });

  it('answers 404 for unknown mail and attachments, and 405 for writes', async () => {
    expect((await get('/mail/nope')).status).toBe(404);
    expect((await get('/mail/..%2Fcustomers%2Fana')).status).toBe(404);
    await createMailOnce(env.store, 'm1', mail('x', '2026-11-22T18:00:00Z'));
    expect((await get('/mail/m1/attachments/0')).status).toBe(404);
    expect((await get('/', { method: 'POST' })).status).toBe(405);
    expect(await (await get('/')).text()).toContain('m1');
  });

  it('is never part of the deployed function: nothing under functions/src imports it', () => {
    const src = path.resolve(import.meta.dirname, '../../functions/src');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(readFileSync(path.join(src, file), 'utf8')).not.toMatch(/mail-viewer/);
  });
});
