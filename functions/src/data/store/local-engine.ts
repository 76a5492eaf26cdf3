import { openLocalStore } from './local/local-store';

/**
 * The embedded SQLite engine (data/store/local), which only the local stack
 * and the tests use. In the deployed bundle this module is replaced
 * (functions/build.mjs): lib/index.js loads lib/local-engine.mjs on the first
 * call, which a deployed instance never makes (get-store.ts chooses Firestore
 * there), and the deploy leaves that file out (firebase.json). So the 4,000
 * lines of the local engine are not part of what production loads.
 */
export function localEngine(): { openLocalStore: typeof openLocalStore } {
  return { openLocalStore };
}
