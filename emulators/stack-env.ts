/**
 * How long the local stack waits for its parts on a busy machine (issue 24,
 * finding 10). These are hang guards, not speed limits: CI runs on shared
 * 2-core machines, where a cold load of the functions' code took up to 90 s
 * while other jobs kept both cores busy.
 */

/**
 * Seconds firebase-tools gives the functions' code to load
 * (FUNCTIONS_DISCOVERY_TIMEOUT): the discovery of the functions when the
 * emulator starts (its default 10 s) and each worker's first answer on its
 * socket (its default 30 s; firebase-tools lib/emulator/functionsRuntimeWorker.js).
 * Twice the 90 s measured on a loaded machine.
 */
export const FUNCTIONS_LOAD_SECONDS = 180;

/**
 * How long the stack waits for Auth, then for the API's first answer (which
 * may need the discovery and a worker's first load, each up to
 * FUNCTIONS_LOAD_SECONDS) before it says the start is stuck.
 */
export const READY_DEADLINE_MS = (2 * FUNCTIONS_LOAD_SECONDS + 60) * 1000;

/** What the emulators' environment adds: FUNCTIONS_DISCOVERY_TIMEOUT, unless the caller set one. */
export function emulatorEnvironment(env: NodeJS.ProcessEnv): { FUNCTIONS_DISCOVERY_TIMEOUT: string } {
  const given = Number(env.FUNCTIONS_DISCOVERY_TIMEOUT);
  return { FUNCTIONS_DISCOVERY_TIMEOUT: Number.isFinite(given) && given > 0 ? String(given) : String(FUNCTIONS_LOAD_SECONDS) };
}
