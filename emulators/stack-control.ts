/**
 * The local stack's own controls, for simulations (npm run sim:year) and
 * fault runs: the stack's clock, which the API, the triggers, the scheduled
 * jobs and the payment fakes all follow (functions/src/data/clock), and
 * killing the API's function worker as `kill -9` would. Only started with
 * `emulators/start.ts --clock`; it listens on 127.0.0.1 alone.
 *
 *   GET  /clock          → { now }
 *   POST /clock {to}     → moves the clock forward to `to` (ms), bills what
 *                          fell due at the fakes, runs every scheduled job
 *                          once, and answers when webhooks and triggers have
 *                          settled: { now, stripe, paypal }
 *   POST /settle         → the same, without moving the clock
 *   POST /kill-api       → SIGKILL to the API's worker processes: { killed }
 *                          (the Functions emulator starts a new one on the
 *                          next request, a cold start, as Cloud Run does)
 */
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TriggerDispatcher } from '../functions/src/data/store/local/trigger-dispatcher';
import type { ScheduledJobsRunner } from '../functions/src/scheduled/run-scheduled-jobs';

export interface StackControlOptions {
  port: number;
  now: () => number;
  setClock: (at: number) => void;
  /** The Functions emulator's process: the API's workers are its descendants. */
  emulatorPid: number;
  fakeUrls: readonly { name: 'stripe' | 'paypal'; url: string }[];
  dispatcher: () => TriggerDispatcher | undefined;
  scheduler: () => ScheduledJobsRunner | undefined;
}

export interface StackControl {
  url: string;
  close(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  const value: unknown = JSON.parse(text);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The worker processes (firebase-tools' functionsEmulatorRuntime) below the emulator. */
export function apiWorkerPids(emulatorPid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ pid: Number(match[1]), ppid: Number(match[2]), args: match[3] ?? '' }));
  const below = new Set([emulatorPid]);
  // Parents come before children in pid order only usually: repeat until nothing changes.
  for (let grew = true; grew;) {
    grew = false;
    for (const row of table) {
      if (below.has(row.ppid) && !below.has(row.pid)) {
        below.add(row.pid);
        grew = true;
      }
    }
  }
  return table.filter((row) => below.has(row.pid) && row.args.includes('functionsEmulatorRuntime')).map((row) => row.pid);
}

export async function startStackControl(options: StackControlOptions): Promise<StackControl> {
  /** Fakes first (their renewals and expiries send webhooks), then the jobs, then the triggers all that wrote. */
  const settle = async () => {
    const billed: Record<string, unknown> = {};
    for (const fake of options.fakeUrls) {
      // The fakes read the stack's clock themselves: `{}` bills what fell due by it. (A `to` taken here would already be
      // behind their own reading of the clock when it arrived, and be refused as going back.)
      const reply = await fetch(`${fake.url}/_control/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      const body: unknown = await reply.json();
      if (!reply.ok) throw new Error(`The ${fake.name} fake did not bill: ${reply.status} ${JSON.stringify(body)}`);
      billed[fake.name] = body;
      const settled = await fetch(`${fake.url}/_control/settle`, { method: 'POST' });
      if (!settled.ok) throw new Error(`The ${fake.name} fake did not settle: ${settled.status}`);
    }
    await options.scheduler()?.runAll();
    await options.dispatcher()?.drain();
    // What the jobs and triggers started at the processors (refunds, cancellations) is told back by webhook.
    for (const fake of options.fakeUrls) await fetch(`${fake.url}/_control/settle`, { method: 'POST' });
    await options.dispatcher()?.drain();
    return billed;
  };
  // One at a time: two moves of the clock at once would interleave their settling.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const server: Server = createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const route = `${request.method ?? 'GET'} ${request.url ?? '/'}`;
    void (async () => {
      if (route === 'GET /clock') return reply(200, { now: options.now() });
      if (route === 'POST /clock') {
        const { to } = await readJson(request);
        if (typeof to !== 'number' || !Number.isFinite(to)) return reply(400, { error: 'to: a time in ms is required' });
        // Checked in turn, after any move before it: two moves at once must not set the clock back.
        const moved = await serially(async () => {
          if (to < options.now()) return null;
          options.setClock(to);
          return { now: options.now(), ...(await settle()) };
        });
        if (!moved) return reply(400, { error: `The clock only moves forward (now ${new Date(options.now()).toISOString()})` });
        return reply(200, moved);
      }
      if (route === 'POST /settle') return reply(200, await serially(async () => ({ now: options.now(), ...(await settle()) })));
      if (route === 'POST /kill-api') {
        const pids = apiWorkerPids(options.emulatorPid);
        for (const pid of pids) process.kill(pid, 'SIGKILL');
        return reply(200, { killed: pids.length });
      }
      return reply(404, { error: `No control ${route}` });
    })().catch((error: unknown) => reply(500, { error: error instanceof Error ? error.message : String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
