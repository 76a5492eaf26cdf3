/**
 * The one region every deployed function runs in (docs/adr/0102-region.md).
 * firebase.json's Hosting rewrites must name it too: they are JSON and cannot
 * import it, so functions/test/unit/platform/deploy-config.test.ts fails when they differ.
 */
export const REGION = 'us-central1';
