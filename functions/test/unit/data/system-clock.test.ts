import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clockFile, clockOffset, setClock, systemNow } from '../../../src/data/clock/system-clock';

const saved = { db: process.env.STUDIO_LOCAL_DB, clock: process.env.STUDIO_CLOCK_FILE };
afterEach(() => {
  for (const [name, value] of [
    ['STUDIO_LOCAL_DB', saved.db],
    ['STUDIO_CLOCK_FILE', saved.clock],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const file = () => path.join(mkdtempSync(path.join(tmpdir(), 'clock-')), 'studio.sqlite.clock');
const YEAR = 365 * 24 * 3_600_000;

describe('the stack clock', () => {
  it('is the system’s when deployed: the clock file counts only on the local engine', () => {
    expect(clockFile({ STUDIO_CLOCK_FILE: '/tmp/x' })).toBeUndefined();
    expect(clockFile({ STUDIO_LOCAL_DB: '/tmp/db', STUDIO_CLOCK_FILE: '/tmp/x' })).toBe('/tmp/x');
    const at = file();
    setClock(at, Date.now() + YEAR);
    delete process.env.STUDIO_LOCAL_DB;
    process.env.STUDIO_CLOCK_FILE = at;
    expect(Math.abs(systemNow().getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('moves every reader of the file, and keeps flowing from where it was set', () => {
    const at = file();
    process.env.STUDIO_LOCAL_DB = '/tmp/studio.sqlite';
    process.env.STUDIO_CLOCK_FILE = at;
    const target = Date.parse('2027-11-30T15:00:00Z');
    setClock(at, target);
    const now = systemNow().getTime();
    expect(now).toBeGreaterThanOrEqual(target);
    expect(now - target).toBeLessThan(60_000);
    expect(clockOffset(at)).toBeGreaterThan(0);
  });

  it('with no file, or one never read well, there is no offset', () => {
    expect(clockOffset(undefined)).toBe(0);
    expect(clockOffset('/nonexistent/clock')).toBe(0);
    const at = file();
    writeFileSync(at, '');
    expect(clockOffset(at)).toBe(0);
    writeFileSync(at, 'garbage');
    expect(clockOffset(at)).toBe(0);
  });

  it('a file found empty, garbled or gone after a good read keeps the last good offset: the clock never falls back to today', () => {
    const at = file();
    setClock(at, Date.now() + YEAR);
    const good = clockOffset(at);
    expect(good).toBeGreaterThan(YEAR - 60_000);
    writeFileSync(at, '');
    expect(clockOffset(at)).toBe(good);
    writeFileSync(at, '12ab');
    expect(clockOffset(at)).toBe(good);
    rmSync(at);
    expect(clockOffset(at)).toBe(good);
  });

  it('is written whole: beside the file, then renamed over it, leaving nothing else in its folder', () => {
    const at = file();
    setClock(at, Date.now() + YEAR);
    setClock(at, Date.now() + 2 * YEAR);
    expect(readdirSync(path.dirname(at))).toEqual([path.basename(at)]);
    expect(clockOffset(at)).toBeGreaterThan(2 * YEAR - 60_000);
  });
});
