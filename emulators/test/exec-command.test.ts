/**
 * The command `start.ts --exec` runs stops whole with its stack: the shell and
 * what it started (vitest's and Playwright's workers in real runs), so no suite
 * outlives its stack and goes on against the next one.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { execCommand } from '../exec-command';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function pidIn(file: string): Promise<number> {
  for (;;) {
    try {
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (pid > 0) return pid;
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('stop() ends the command and the processes it started, which then exits unsuccessfully', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'exec-command-'));
  dirs.push(dir);
  const pidFile = path.join(dir, 'worker.pid');
  const command = execCommand(`sleep 300 & echo $! > "${pidFile}"; wait`, { cwd: dir, env: process.env });
  const worker = await pidIn(pidFile);
  expect(alive(worker)).toBe(true);
  command.stop();
  expect(await command.exited).not.toBe(0);
  // The worker is re-parented and reaped once its shell is gone; wait for that, however long a loaded machine takes.
  while (alive(worker)) await new Promise((resolve) => setTimeout(resolve, 50));
  command.stop(); // a second stop, after the group is gone, is harmless
});

it('answers the command’s own exit code', async () => {
  const command = execCommand('exit 3', { cwd: tmpdir(), env: process.env });
  expect(await command.exited).toBe(3);
});
