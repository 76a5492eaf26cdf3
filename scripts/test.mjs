// `npm test`: every check, in the order that fails fastest. Stops at the first
// failing step and prints a summary with timings.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`Node ${process.versions.node} is too old: run through npm (npm test) so node_modules' Node 22 is used.`);
  process.exit(1);
}

const scratch = mkdtempSync(path.join(tmpdir(), 'studio-test-'));
const db = path.join(scratch, 'studio.sqlite');

// A hang guard, not a speed limit: the stack step (1,147 API tests and 70 e2e) takes 23 min from a fresh clone
// on an idle 2-core machine, and about twice that while `stress-ng --cpu 2` keeps both cores busy (issue 24).
const STEP_TIMEOUT_MS = 90 * 60 * 1000;

const steps = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['unit + web (TZ America/Mexico_City)', 'vitest run --project unit --project web', { TZ: 'America/Mexico_City' }],
  ['unit (TZ Asia/Tokyo)', 'vitest run --project unit', { TZ: 'Asia/Tokyo' }],
  ['contract (document store)', 'vitest run --project contract'],
  // Security-rules tests need the official emulators (Java 21): without them one line says they were not run (CI's emulator step runs them).
  ['rules (official emulators)', 'vitest run --project rules'],
  ['build', 'npm run build'],
  // The landing's first load stays within its budget (web/scripts/measure-landing.mjs, docs/adr/0080).
  ['landing budget', 'node web/scripts/measure-landing.mjs'],
  ['api + e2e (local stack)', `node --import tsx emulators/start.ts --db "${db}" --exec "vitest run --project api && playwright test"`],
];

/** A failing test's own line in vitest's or Playwright's output (colours stripped): `FAIL  file > test`, `× test`, `✘ 3 [desktop] › …`, `1) [desktop] › …`. */
const FAILURE_LINE = /^\s*(?:FAIL\b|×|✘|\d+\) \[)/;
// eslint-disable-next-line no-control-regex -- the terminal's colour codes are what is being removed.
const ANSI = /\u001b\[[0-9;]*m/g;

/**
 * Runs a step with its output passed through as it comes, keeping the lines
 * that name a failing test: the summary repeats them, because CI shows only a
 * run's last lines and a failure can sit thousands of lines above the end.
 */
function runStep(command, env) {
  return new Promise((resolve) => {
    const failures = [];
    const child = spawn(command, {
      stdio: ['inherit', 'pipe', 'pipe'],
      shell: true,
      env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.on('data', (chunk) => {
        to.write(chunk);
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          const plain = line.replace(ANSI, '').trimEnd();
          if (FAILURE_LINE.test(plain) && !failures.includes(plain.trim()) && failures.length < 40) failures.push(plain.trim());
        }
      });
    }
    // A step that hangs must fail the run, not stall CI until the runner gives up.
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGINT');
    }, STEP_TIMEOUT_MS);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status: status ?? 1, timedOut: timedOut || signal !== null, failures });
    });
  });
}

const only = process.argv.slice(2);
const results = [];
const failedTests = [];
let failed = false;
for (const [name, command, env = {}] of steps) {
  if (only.length > 0 && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n━━ ${name}: ${command}`);
  const started = Date.now();
  const { status, timedOut, failures } = await runStep(command, env);
  if (timedOut) console.error(`\n${name} did not finish within ${STEP_TIMEOUT_MS / 60_000} minutes and was stopped.`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push(`${status === 0 ? 'ok  ' : 'FAIL'} ${name} (${seconds} s)`);
  if (status !== 0) {
    failedTests.push(...failures);
    failed = true;
    break;
  }
}
rmSync(scratch, { recursive: true, force: true });
console.log(`\n━━ summary\n${results.join('\n')}`);
if (failedTests.length > 0) console.log(`\n━━ what failed (as the step printed it)\n${failedTests.join('\n')}`);
process.exit(failed ? 1 : 0);
