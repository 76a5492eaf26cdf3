import { describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../../src/scheduled/registry';
import { documentTriggers } from '../../../src/triggers/registry';

describe('deployed entry points', () => {
  it('exports one deployed function per registered trigger and scheduled job, under its name, plus the api', async () => {
    const exported = Object.keys(await import('../../../src/index')).sort();
    expect(exported).toEqual(['api', ...documentTriggers.map((t) => t.name), ...scheduledJobs.map((j) => j.name)].sort());
  });
});

describe('deployed document triggers', () => {
  it('each listens on its trigger’s document, is retried, with the shared timeout; uploads get 512 MiB, the others 256', async () => {
    const deployed = (await import('../../../src/index')) as unknown as Record<string, { __endpoint: Record<string, unknown> }>;
    const { TRIGGER_TIMEOUT_SECONDS } = await import('../../../src/data/store/trigger-timeout');
    for (const trigger of documentTriggers) {
      const endpoint = deployed[trigger.name]?.__endpoint as {
        availableMemoryMb: number;
        timeoutSeconds: number;
        eventTrigger: { retry: boolean; eventFilterPathPatterns?: { document?: string } };
      };
      expect(endpoint.eventTrigger.eventFilterPathPatterns?.document, trigger.name).toBe(trigger.document);
      expect(endpoint.eventTrigger.retry, trigger.name).toBe(true);
      expect(endpoint.timeoutSeconds, trigger.name).toBe(TRIGGER_TIMEOUT_SECONDS);
      expect(endpoint.availableMemoryMb, trigger.name).toBe(trigger.name === 'processFile' ? 512 : 256);
    }
  });
});
