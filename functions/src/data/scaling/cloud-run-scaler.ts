import { appSdk } from '../firebase-admin-sdks';
import type { InstanceScaler } from './instance-scaler';

/** Where the deployed `api` runs: a 2nd-gen function is the Cloud Run service of the same (lower-case) name. */
export interface CloudRunTarget {
  project: string;
  region: string;
  service: string;
}

export interface CloudRunScalerOptions {
  /** An OAuth access token for the Admin API; by default the runtime service account's, through firebase-admin. */
  accessToken?: () => Promise<string>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

let credential: ReturnType<ReturnType<typeof appSdk>['applicationDefault']> | undefined;

/**
 * The default credential, loaded on first use: firebase-admin is not imported
 * at module load, so instances that never scale anything (every `api`
 * instance) do not pay for loading it on a cold start.
 */
async function defaultAccessToken(): Promise<string> {
  credential ??= appSdk().applicationDefault();
  return (await credential.getAccessToken()).access_token;
}

/** The Admin API request that sets the service-level minimum (docs/adr/0103); exported for the test that pins it. */
export function minInstancesRequest(target: CloudRunTarget, count: number): { url: string; body: string } {
  const name = `projects/${encodeURIComponent(target.project)}/locations/${encodeURIComponent(target.region)}/services/${encodeURIComponent(target.service)}`;
  return {
    url: `https://run.googleapis.com/v2/${name}?updateMask=scaling.minInstanceCount`,
    body: JSON.stringify({ scaling: { minInstanceCount: count } }),
  };
}

/**
 * Cloud Run Admin API v2, services.patch with the mask `scaling.minInstanceCount`:
 * the service-level minimum, which applies without deploying a new revision.
 * Any answer but 2xx rejects, so the job keeps its state and tries again.
 */
export function createCloudRunScaler(target: CloudRunTarget, options: CloudRunScalerOptions = {}): InstanceScaler {
  const accessToken = options.accessToken ?? defaultAccessToken;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  return {
    async setMinInstances(count) {
      const { url, body } = minInstancesRequest(target, count);
      const response = await doFetch(url, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 500);
        throw new Error(`Cloud Run Admin API answered ${response.status} setting ${target.service} min instances to ${count}: ${detail}`);
      }
    },
  };
}
