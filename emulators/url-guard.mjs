/**
 * Preloaded into the emulators' process (firebase-tools) by emulators/start.ts,
 * `node --import ./emulators/url-guard.mjs firebase.js emulators:start …`:
 * every HTTP server there (Hosting, Functions, Auth) answers a URL it cannot
 * read before any of its code sees it, the way the API itself does
 * (functions/src/http/url.ts):
 *
 * - a %-escape that does not decode to UTF-8 text (`%C0%AF`, a lone `%`),
 *   anywhere in the path or the query → 400 `http/malformed-url`;
 * - longer than the API's limit → 414 `http/uri-too-long`;
 * - a request line and headers past Node's limit (16 KiB), which Node
 *   refuses before any server sees it → 431, with the same Spanish JSON.
 *
 * Why: the Hosting emulator (superstatic) calls decodeURI(req.url) outside
 * any try, so one such request threw in the emulators' process and stopped
 * the whole local stack (issue 24, finding 8). Deployed, Google's front end
 * stands there; locally this does. The answers' texts come from the message
 * catalogue through STACK_URL_GUARD (JSON, set by start.ts), so this file
 * needs nothing but Node.
 */
import http from 'node:http';

/**
 * @typedef {{ code: string, message: string }} Refusal
 * @typedef {{ maxUrlLength: number, malformed: Refusal, tooLong: Refusal, headersTooLarge: Refusal }} GuardSettings
 */

/**
 * What is wrong with a request's URL, or null: the same answers as the API's urlProblem() for these two cases.
 * @param {string} url
 * @param {number} maxUrlLength
 * @returns {'too-long' | 'malformed' | null}
 */
export function unreadableUrl(url, maxUrlLength) {
  if (url.length > maxUrlLength) return 'too-long';
  try {
    decodeURIComponent(url);
  } catch {
    return 'malformed';
  }
  return null;
}

/**
 * @param {number} status
 * @param {Refusal} refusal
 */
function answer(status, refusal) {
  const body = JSON.stringify({ error: { code: refusal.code, message: refusal.message } });
  return {
    status,
    body,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  };
}

/**
 * Installs the guard on every http.Server of this process.
 * @param {GuardSettings} settings
 */
export function installUrlGuard(settings) {
  const emit = http.Server.prototype.emit;
  /**
   * @this {http.Server}
   * @param {string | symbol} event
   * @param {...any} args
   * @returns {boolean}
   */
  function guardedEmit(event, ...args) {
    if (event === 'request') {
      const [req, res] = /** @type {[http.IncomingMessage, http.ServerResponse]} */ (args);
      const problem = unreadableUrl(req.url ?? '/', settings.maxUrlLength);
      if (problem !== null) {
        const { status, body, headers } = problem === 'too-long' ? answer(414, settings.tooLong) : answer(400, settings.malformed);
        // The body is not read: the connection is closed after the answer rather than left with unread bytes.
        res.writeHead(status, { ...headers, Connection: 'close' });
        res.end(body);
        req.resume();
        return true;
      }
    }
    if (event === 'clientError') {
      const [error, socket] = /** @type {[NodeJS.ErrnoException, import('node:net').Socket]} */ (args);
      if (error.code === 'HPE_HEADER_OVERFLOW' && socket.writable) {
        const { body, headers } = answer(431, settings.headersTooLarge);
        const head = Object.entries({ ...headers, Connection: 'close' })
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('');
        socket.end(`HTTP/1.1 431 Request Header Fields Too Large\r\n${head}\r\n${body}`);
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]);
  }
  http.Server.prototype.emit = guardedEmit;
}

const configured = process.env.STACK_URL_GUARD;
if (configured) installUrlGuard(/** @type {GuardSettings} */ (JSON.parse(configured)));
