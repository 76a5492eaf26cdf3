/**
 * Timeout of the deployed document triggers (functions/src/index.ts sets it
 * as `timeoutSeconds`) and of the local dispatcher's handlers: one number, so
 * a handler that would time out deployed times out locally too. Cloud
 * Functions' default for event functions is 60 s; their maximum is 540 s.
 */
export const TRIGGER_TIMEOUT_SECONDS = 120;
