import type { InstanceScaler } from './instance-scaler';

/** The local stack has no Cloud Run service to scale: the job's decision is only logged, so it can be watched. */
export function createLocalScaler(log: (line: string) => void = (line) => console.log(line)): InstanceScaler {
  return {
    async setMinInstances(count) {
      log(`[scaling] api min instances → ${count}`);
    },
  };
}
