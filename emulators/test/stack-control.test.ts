import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { apiWorkerPids, type StackControl, startStackControl } from '../stack-control';

const stoppers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const stop of stoppers.splice(0).reverse()) await stop();
});

/**
 * A stand-in of a payment fake's controls: records what it was asked and, like
 * the real fakes, reads the stack's clock itself (a tick later than whoever
 * asked) and refuses a `to` behind it; `refuse` makes it answer 400 to all.
 */
async function fakeProcessor(calls: string[], now: { at: number }, refuse = false): Promise<string> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push(`${request.method} ${request.url} ${body}`);
      const to = body ? (JSON.parse(body) as { to?: number }).to : undefined;
      const behind = to !== undefined && to < now.at + 1;
      response.writeHead(refuse || behind ? 400 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(refuse || behind ? { error: { message: 'its clock only moves forward' } } : { renewed: 1 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stoppers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function control(options: { calls: string[]; now: { at: number }; refuse?: boolean }): Promise<StackControl> {
  const url = await fakeProcessor(options.calls, options.now, options.refuse);
  const started = await startStackControl({
    port: 0,
    now: () => options.now.at,
    setClock: (at) => {
      options.now.at = at;
      options.calls.push(`clock ${at}`);
    },
    emulatorPid: process.pid,
    fakeUrls: [{ name: 'stripe', url }],
    dispatcher: () => ({ drain: async () => void options.calls.push('drain') }) as never,
    scheduler: () => ({ runAll: async () => void options.calls.push('jobs') }) as never,
  });
  stoppers.push(() => started.close());
  return started;
}

describe('the stack controls', () => {
  it('move the clock forward only, then bill at the fakes, run the jobs and drain the triggers, in that order', async () => {
    const calls: string[] = [];
    const now = { at: 1_000_000 };
    const stack = await control({ calls, now });
    const back = await fetch(`${stack.url}/clock`, { method: 'POST', body: JSON.stringify({ to: 999_999 }) });
    expect(back.status).toBe(400);
    expect(calls).toEqual([]);
    const moved = await fetch(`${stack.url}/clock`, { method: 'POST', body: JSON.stringify({ to: 5_000_000 }) });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ now: 5_000_000, stripe: { renewed: 1 } });
    expect(calls.map((call) => call.split(' ').slice(0, 2).join(' '))).toEqual([
      'clock 5000000',
      'POST /_control/clock',
      'POST /_control/settle',
      'jobs',
      'drain',
      'POST /_control/settle',
      'drain',
    ]);
    // The fakes bill by their own reading of the stack's clock: sent no `to`, which would be behind it by the time it arrived.
    expect(calls[1]).toBe('POST /_control/clock {}');
    expect(await (await fetch(`${stack.url}/clock`)).json()).toEqual({ now: 5_000_000 });
  });

  it('two moves at once are taken in turn: the later-checked one cannot set the clock back', async () => {
    const calls: string[] = [];
    const now = { at: 1_000_000 };
    const stack = await control({ calls, now });
    const [far, near] = await Promise.all([
      fetch(`${stack.url}/clock`, { method: 'POST', body: JSON.stringify({ to: 5_000_000 }) }),
      fetch(`${stack.url}/clock`, { method: 'POST', body: JSON.stringify({ to: 3_000_000 }) }),
    ]);
    expect([far.status, near.status]).toEqual([200, 400]);
    expect(now.at).toBe(5_000_000);
  });

  it('a fake that does not bill is an error of the move, not a silent one', async () => {
    const stack = await control({ calls: [], now: { at: 1_000_000 }, refuse: true });
    const moved = await fetch(`${stack.url}/clock`, { method: 'POST', body: JSON.stringify({ to: 2_000_000 }) });
    expect(moved.status).toBe(500);
    expect(((await moved.json()) as { error: string }).error).toContain('The stripe fake did not bill: 400');
  });

  it('finds the API’s worker processes below the emulator and kills them', async () => {
    // A stand-in worker: a child of this process whose command line names firebase-tools' worker script.
    const worker: ChildProcess = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'functionsEmulatorRuntime'], { stdio: 'ignore' });
    stoppers.push(() => void worker.kill('SIGKILL'));
    await new Promise((resolve) => worker.once('spawn', resolve));
    expect(apiWorkerPids(process.pid)).toEqual([worker.pid]);
    const exited = new Promise<NodeJS.Signals | null>((resolve) => worker.once('exit', (_code, signal) => resolve(signal)));
    const stack = await control({ calls: [], now: { at: 0 } });
    const killed = await fetch(`${stack.url}/kill-api`, { method: 'POST' });
    expect(await killed.json()).toEqual({ killed: 1 });
    expect(await exited).toBe('SIGKILL');
    expect(apiWorkerPids(process.pid)).toEqual([]);
  });
});
