import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { expect } from 'vitest';
import type { StoreErrorCode } from '../../src/data/store/types';
import { StoreError } from '../../src/data/store/types';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const workerScript = path.join(import.meta.dirname, 'fixtures', 'store-worker.ts');

/** A temp directory under os.tmpdir(), removed by the returned cleanup. */
export function tempDir(prefix = 'studio-contract-'): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs `action` (sync throws and rejections alike, since the admin SDK throws
 * some errors synchronously) and asserts it fails with a StoreError of `code`.
 */
export async function expectStoreError(action: () => unknown, code: StoreErrorCode, message?: RegExp): Promise<StoreError> {
  let caught: unknown;
  try {
    await action();
  } catch (error) {
    caught = error;
  }
  expect(caught, 'expected the operation to fail').toBeInstanceOf(StoreError);
  const error = caught as StoreError;
  expect(error.code, error.message).toBe(code);
  if (message !== undefined) expect(error.message).toMatch(message);
  return error;
}

export interface Worker {
  readonly child: ChildProcessWithoutNullStreams;
  /** The next JSON line the worker prints. */
  next(): Promise<Record<string, unknown>>;
  send(line: string): void;
  exited: Promise<number | null>;
}

/**
 * Starts functions/test/contract/fixtures/store-worker.ts in a separate Node
 * process (the same Node 22 binary, with tsx), talking JSON lines over stdio.
 */
export function startWorker(args: Record<string, unknown>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', workerScript, JSON.stringify(args)], {
    cwd: repoRoot,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, STUDIO_STORE_CHAOS: '' },
  });
  const lines: string[] = [];
  const waiters: ((line: string | undefined) => void)[] = [];
  let ended = false;
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const reader = createInterface({ input: child.stdout });
  reader.on('line', (line) => {
    const waiter = waiters.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  reader.on('close', () => {
    ended = true;
    for (const waiter of waiters.splice(0)) waiter(undefined);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    send(line: string) {
      child.stdin.write(`${line}\n`);
    },
    async next() {
      const line = lines.shift() ?? (ended ? undefined : await new Promise<string | undefined>((resolve) => waiters.push(resolve)));
      if (line === undefined) throw new Error(`worker exited without output. stderr:\n${stderr}`);
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`worker printed a non-JSON line: ${line}\nstderr:\n${stderr}`);
      }
    },
  };
}

/** Starts workers, waits until each has opened the store, then releases them together so they really contend. */
export async function runWorkersTogether(argsList: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const workers = argsList.map(startWorker);
  for (const worker of workers) expect(await worker.next()).toEqual({ ready: true });
  for (const worker of workers) worker.send('go');
  const results = await Promise.all(workers.map((worker) => worker.next()));
  const codes = await Promise.all(workers.map((worker) => worker.exited));
  expect(codes).toEqual(workers.map(() => 0));
  return results;
}
