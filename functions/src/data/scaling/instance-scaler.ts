/**
 * Sets the minimum instances of the deployed `api` function (docs/adr/0103).
 * Production: the Cloud Run Admin API (cloud-run-scaler.ts); locally: a log
 * line (local-scaler.ts); tests: a recording fake.
 */
export interface InstanceScaler {
  /** Rejects when the change was not applied; the caller then keeps its state and tries again on its next run. */
  setMinInstances(count: number): Promise<void>;
}
