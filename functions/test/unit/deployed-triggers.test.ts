import { describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../src/scheduled/registry';
import { documentTriggers } from '../../src/triggers/registry';

describe('deployed entry points', () => {
  it('exports one deployed function per registered trigger and scheduled job, under its name, plus the api', async () => {
    const exported = Object.keys(await import('../../src/index')).sort();
    expect(exported).toEqual(['api', ...documentTriggers.map((t) => t.name), ...scheduledJobs.map((j) => j.name)].sort());
  });
});
