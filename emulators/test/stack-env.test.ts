import { describe, expect, it } from 'vitest';
import { emulatorEnvironment, FUNCTIONS_LOAD_SECONDS, READY_DEADLINE_MS } from '../stack-env';

/** What a cold load of the functions' code took on a 2-core machine with both cores busy (issue 24, finding 10). */
const MEASURED_LOAD_SECONDS = 90;

describe('the stack’s waits on a busy machine (emulators/stack-env.ts)', () => {
  it('gives the functions’ code at least twice the measured load time, instead of firebase-tools’ 10 s and 30 s', () => {
    expect(Number(emulatorEnvironment({}).FUNCTIONS_DISCOVERY_TIMEOUT)).toBeGreaterThanOrEqual(2 * MEASURED_LOAD_SECONDS);
    expect(FUNCTIONS_LOAD_SECONDS).toBeGreaterThanOrEqual(2 * MEASURED_LOAD_SECONDS);
  });

  it('waits for the API longer than a discovery and a worker’s first load together', () => {
    expect(READY_DEADLINE_MS).toBeGreaterThan(2 * FUNCTIONS_LOAD_SECONDS * 1000);
  });

  it('keeps a timeout the caller chose, and ignores one that is not a number of seconds', () => {
    expect(emulatorEnvironment({ FUNCTIONS_DISCOVERY_TIMEOUT: '600' })).toEqual({ FUNCTIONS_DISCOVERY_TIMEOUT: '600' });
    expect(emulatorEnvironment({ FUNCTIONS_DISCOVERY_TIMEOUT: 'mucho' })).toEqual({ FUNCTIONS_DISCOVERY_TIMEOUT: String(FUNCTIONS_LOAD_SECONDS) });
  });
});
