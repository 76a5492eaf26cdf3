import { REGION } from '../../region';
import { createCloudRunScaler } from './cloud-run-scaler';
import type { InstanceScaler } from './instance-scaler';
import { createLocalScaler } from './local-scaler';

export type InstanceScalerChoice = 'cloud-run' | 'local';

/** The Cloud Run service of the `api` function (2nd gen: the function's name, lower-case). */
export const API_SERVICE = 'api';

/** Chosen as getStore() chooses: Cloud Run when deployed (K_SERVICE outside the Functions emulator), else the log-only scaler. */
export function chooseInstanceScaler(env: NodeJS.ProcessEnv = process.env): InstanceScalerChoice {
  return env.K_SERVICE && env.FUNCTIONS_EMULATOR !== 'true' ? 'cloud-run' : 'local';
}

/** The project the function runs in: GCLOUD_PROJECT (set by Firebase on every function), else FIREBASE_CONFIG's. */
export function projectOf(env: NodeJS.ProcessEnv): string {
  const fromEnv = env.GCLOUD_PROJECT || env.GOOGLE_CLOUD_PROJECT;
  if (fromEnv) return fromEnv;
  try {
    const config = JSON.parse(env.FIREBASE_CONFIG ?? '{}') as { projectId?: unknown };
    if (typeof config.projectId === 'string' && config.projectId) return config.projectId;
  } catch {
    // Not JSON: fall through to the error below.
  }
  throw new Error('[scaling] no project id: GCLOUD_PROJECT and FIREBASE_CONFIG are unset.');
}

function openDefault(env: NodeJS.ProcessEnv): InstanceScaler {
  if (chooseInstanceScaler(env) === 'local') return createLocalScaler();
  return createCloudRunScaler({ project: projectOf(env), region: REGION, service: API_SERVICE });
}

let current: InstanceScaler | undefined;

/** The process-wide scaler, created on first use. */
export function getInstanceScaler(): InstanceScaler {
  current ??= openDefault(process.env);
  return current;
}
