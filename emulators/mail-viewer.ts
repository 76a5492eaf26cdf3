/**
 * The local stack's mail viewer: a page listing the e-mails the app wrote to
 * `mail/` (newest first), each one readable with its .ics downloadable.
 * Locally nothing delivers them (the Trigger Email extension is not
 * emulated), so this is where a developer reads them. It lives in emulators/,
 * which is never deployed, and is started only by emulators/start.ts: no route
 * of the deployed `api` function can reach it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatStudioDate } from '@studio/shared/format/dates';
import { fill, messages } from '@studio/shared/messages';
import { mailMessages } from '@studio/shared/messages/mail';
import { getMail, listRecentMail, type MailDoc } from '../functions/src/data/repos/mail-repo';
import type { DocumentStore } from '../functions/src/data/store/types';
import { escapeHtml } from '../functions/src/services/mail/booking-mail-content';

const v = mailMessages.viewer;
/** Enough for a development session; older ones stay in the store. */
const LIST_LIMIT = 200;
const MAIL_ID = /^[A-Za-z0-9_-]{1,200}$/;

const page = (title: string, body: string) =>
  [
    '<!doctype html><html lang="es"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    '<style>body{font-family:system-ui,sans-serif;margin:24px;color:#1f1d2b}table{border-collapse:collapse;width:100%}',
    'td,th{text-align:left;padding:6px 10px;border-bottom:1px solid #ddd;vertical-align:top}a{color:#2b9fa8}',
    'iframe{width:100%;height:520px;border:1px solid #ddd}pre{background:#f7f5f2;padding:12px;white-space:pre-wrap}</style>',
    `</head><body>${body}</body></html>`,
  ].join('');

function send(res: ServerResponse, status: number, contentType: string, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': contentType, 'Cache-Control': 'no-store', ...extra });
  res.end(body);
}

const when = (mail: MailDoc) => formatStudioDate(mail.createdAt, undefined, 'YYYY-MM-DD HH:mm:ss');

async function listPage(store: DocumentStore): Promise<string> {
  const mails = await listRecentMail(store, LIST_LIMIT);
  if (mails.length === 0) return page(v.title, `<h1>${escapeHtml(v.title)}</h1><p>${escapeHtml(v.empty)}</p>`);
  const rows = mails
    .map(
      ({ id, mail }) =>
        `<tr><td>${escapeHtml(when(mail))}</td><td>${escapeHtml(mail.to)}</td>` +
        `<td><a href="/mail/${encodeURIComponent(id)}">${escapeHtml(mail.message.subject)}</a></td><td>${escapeHtml(mail.kind)}</td></tr>`,
    )
    .join('');
  const head = `<tr><th>${escapeHtml(v.sent)}</th><th>${escapeHtml(v.to)}</th><th>${escapeHtml(v.subject)}</th><th>${escapeHtml(v.kind)}</th></tr>`;
  return page(v.title, `<h1>${escapeHtml(v.title)}</h1><table>${head}${rows}</table>`);
}

function mailPage(id: string, mail: MailDoc): string {
  const attachments = (mail.message.attachments ?? [])
    .map(
      (a, index) =>
        `<li><a href="/mail/${encodeURIComponent(id)}/attachments/${index}" download="${escapeHtml(a.filename)}">${escapeHtml(fill(v.download, { filename: a.filename }))}</a></li>`,
    )
    .join('');
  return page(
    mail.message.subject,
    [
      `<p><a href="/">${escapeHtml(v.back)}</a></p>`,
      `<h1>${escapeHtml(mail.message.subject)}</h1>`,
      `<p>${escapeHtml(v.to)}: ${escapeHtml(mail.to)} · ${escapeHtml(v.kind)}: ${escapeHtml(mail.kind)} · ${escapeHtml(v.sent)}: ${escapeHtml(when(mail))} · <code>mail/${escapeHtml(id)}</code></p>`,
      attachments ? `<ul>${attachments}</ul>` : '',
      // sandbox without allow-scripts: the e-mail's HTML is shown as a mail client would, never run.
      `<iframe sandbox title="${escapeHtml(mail.message.subject)}" srcdoc="${escapeHtml(mail.message.html)}"></iframe>`,
      `<h2>${escapeHtml(v.text)}</h2><pre>${escapeHtml(mail.message.text)}</pre>`,
    ].join(''),
  );
}

/** The viewer's request handler (tests call it directly with a store). Read-only: GET and HEAD. */
export function mailViewerHandler(store: DocumentStore): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'GET only', { Allow: 'GET, HEAD' });
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (path === '/') return send(res, 200, 'text/html; charset=utf-8', await listPage(store));
      const match = /^\/mail\/([^/]+)(?:\/attachments\/(\d+))?$/.exec(path);
      const id = match ? decodeURIComponent(match[1] as string) : '';
      const mail = MAIL_ID.test(id) ? await getMail(store, id) : null;
      if (!match || !mail)
        return send(res, 404, 'text/html; charset=utf-8', page(v.notFound, `<p>${escapeHtml(v.notFound)}</p><p><a href="/">${escapeHtml(v.back)}</a></p>`));
      if (match[2] === undefined) return send(res, 200, 'text/html; charset=utf-8', mailPage(id, mail));
      const attachment = mail.message.attachments?.[Number(match[2])];
      if (!attachment) return send(res, 404, 'text/plain; charset=utf-8', v.notFound);
      const filename = attachment.filename.replace(/[^A-Za-z0-9._-]/g, '_');
      return send(res, 200, attachment.contentType, attachment.content, { 'Content-Disposition': `attachment; filename="${filename}"` });
    } catch (error) {
      console.error('[mail] viewer failed:', error);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', messages.http.internal);
      else res.end();
    }
  };
}

export interface MailViewer {
  url: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 only, on `port`, or on any free port when that one is taken. */
export async function startMailViewer(store: DocumentStore, port: number): Promise<MailViewer> {
  const handler = mailViewerHandler(store);
  const listen = (p: number) =>
    new Promise<Server>((resolve, reject) => {
      const server = createServer((req, res) => void handler(req, res));
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => resolve(server));
    });
  let server: Server;
  try {
    server = await listen(port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    server = await listen(0);
  }
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
