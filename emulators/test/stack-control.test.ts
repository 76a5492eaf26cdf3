import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { apiWorkerPids, type StackControl, startStackControl } from '../stack-control';

const stoppers: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const stop of stoppers.splice(0).reverse()) await stop();
});

/** A stand-in of a payment fake's controls: records what it was asked. */
async function fakeProcessor(calls: string[]): Promise<string> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push(`${request.method} ${request.url} ${body}`);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ renewed: 1 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stoppers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function control(options: { calls: string[]; now: { at: number } }): Promise<StackControl> {
  const url = await fakeProcessor(options.calls);
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
    expect(calls[1]).toContain('"to":5000000');
    expect(await (await fetch(`${stack.url}/clock`)).json()).toEqual({ now: 5_000_000 });
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
