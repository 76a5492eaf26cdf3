/**
 * The two deployed settings of the warm-up (docs/adr/0103), declared as
 * params in index.ts under these names. firebase-tools writes every resolved
 * param into the environment of every function of the codebase, so the API
 * (which reports them) and the job (which applies them) read them here
 * without loading firebase-functions; locally they are unset and the defaults apply.
 */
export const API_MIN_INSTANCES_PARAM = 'API_MIN_INSTANCES';
export const API_WARM_MIN_INSTANCES_PARAM = 'API_WARM_MIN_INSTANCES';
export const DEFAULT_API_MIN_INSTANCES = 0;
export const DEFAULT_API_WARM_MIN_INSTANCES = 3;

export interface ScalingSettings {
  /** Minimum instances of `api` outside every warm window. */
  baseline: number;
  /** …inside a warm window. */
  warm: number;
}

const count = (raw: string | undefined, fallback: number) => {
  const value = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : fallback;
};

export function readScalingSettings(env: NodeJS.ProcessEnv = process.env): ScalingSettings {
  const baseline = count(env[API_MIN_INSTANCES_PARAM], DEFAULT_API_MIN_INSTANCES);
  // A warm count below the baseline would make a release colder than an ordinary hour.
  return { baseline, warm: Math.max(baseline, count(env[API_WARM_MIN_INSTANCES_PARAM], DEFAULT_API_WARM_MIN_INSTANCES)) };
}
