/**
 * Issue 24, finding 8: one request with `%C0%AF` in its URL stopped the whole
 * local stack (the Hosting emulator's superstatic threw in the emulators'
 * process). emulators/url-guard.mjs, preloaded there by start.ts, answers such
 * URLs as the API does. Here, the Hosting emulator's server with this
 * project's firebase.json, in a process of its own, with and without it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { messages } from '@studio/shared/messages';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_URL_LENGTH, urlProblem } from '../../functions/src/http/url';
import { unreadableUrl } from '../url-guard.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const guard = pathToFileURL(path.join(here, '..', 'url-guard.mjs')).href;
const settings = {
  maxUrlLength: MAX_URL_LENGTH,
  malformed: { code: 'http/malformed-url', message: messages.http.malformedUrl },
  tooLong: { code: 'http/uri-too-long', message: messages.http.uriTooLong },
  headersTooLarge: { code: 'http/headers-too-large', message: messages.http.payloadTooLarge },
};

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill();
});

async function startHosting(withGuard: boolean): Promise<{ child: ChildProcess; base: string; exited: Promise<number | null> }> {
  const args = [...(withGuard ? ['--import', guard] : []), path.join(here, 'fixtures', 'hosting-server.mjs')];
  const child = spawn(process.execPath, args, { env: { ...process.env, STACK_URL_GUARD: JSON.stringify(settings) }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /port (\d+)/.exec(out);
      if (match) resolve(match[1] as string);
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
  return { child, base: `http://127.0.0.1:${port}`, exited };
}

describe('the emulators answer URLs they cannot read, and keep serving', () => {
  it('answers malformed %-escapes with the Spanish 400, over-long URLs with 414 and 431, and serves the next request', async () => {
    const { child, base } = await startHosting(true);
    for (const url of ['/api/x%C0%AF', '/%C0%AF', '/?q=%C0%AF', '/robots.txt%', '/api/pages/%E0%A4%A']) {
      const response = await fetch(base + url);
      expect(response.status, url).toBe(400);
      expect(await response.json(), url).toEqual({ error: { code: 'http/malformed-url', message: messages.http.malformedUrl } });
    }
    const long = await fetch(`${base}/api/pages?q=${'a'.repeat(MAX_URL_LENGTH)}`);
    expect(long.status).toBe(414);
    expect(await long.json()).toEqual({ error: { code: 'http/uri-too-long', message: messages.http.uriTooLong } });
    const huge = await fetch(`${base}/api/pages?q=${'a'.repeat(40_000)}`);
    expect(huge.status).toBe(431);
    expect(await huge.json()).toEqual({ error: { code: 'http/headers-too-large', message: messages.http.payloadTooLarge } });

    const api = await fetch(`${base}/api/pages?q=%C3%B1`);
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ api: '/api/pages?q=%C3%B1' });
    expect(child.exitCode).toBeNull();
  });

  // Why the guard exists. If this starts failing, superstatic stopped throwing and the guard is only a courtesy.
  it('without it, the Hosting emulator dies on the first such request', async () => {
    const { base, exited } = await startHosting(false);
    await fetch(`${base}/api/x%C0%AF`).catch(() => null);
    expect(await exited).not.toBe(0);
  });

  it('refuses exactly what the API refuses as malformed or too long', () => {
    for (const url of [
      '/api/x%C0%AF',
      '/api/%',
      '/a?b=%ZZ',
      '/a%2Fb',
      '/api/pages?q=%C3%B1',
      '/',
      `/x?${'a'.repeat(MAX_URL_LENGTH)}`,
      `/x?${'a'.repeat(MAX_URL_LENGTH - 3)}`,
    ]) {
      const api = urlProblem(url);
      expect(unreadableUrl(url, MAX_URL_LENGTH), url).toBe(api === 'too-long' || api === 'malformed' ? api : null);
    }
  });
});
