import { systemNow } from './data/clock/system-clock';
import { getFileStorage } from './data/files/get-file-storage';
import { getStore } from './data/store/get-store';
import type { StoreDeps } from './deps';
import { deploymentOrigin } from './services/site-origin';

/**
 * What the background handlers (document triggers and scheduled jobs) are
 * given, built in one place as runtime.ts builds the API's: the process's
 * store and the system clock, plus what a kind of handler needs. Built at each
 * delivery, not at module load, so `firebase deploy` can load the code without
 * touching a service.
 */
export function storeDeps(): StoreDeps {
  return { store: getStore(), now: systemNow };
}

/** Mail handlers: the project names the Trigger Email collection's sender settings. */
export function mailDeps(): StoreDeps & { projectId: string | undefined } {
  return { ...storeDeps(), projectId: process.env.GCLOUD_PROJECT };
}

/** Booking e-mails also link to the customer's reservations on the studio's site. */
export function bookingMailDeps(): StoreDeps & { projectId: string | undefined; siteOrigin: string | undefined } {
  return { ...mailDeps(), siteOrigin: deploymentOrigin(process.env.GCLOUD_PROJECT ?? process.env.GCP_PROJECT ?? '') };
}

/** Handlers of uploaded files: the file storage too. */
export function fileDeps(): StoreDeps & { files: ReturnType<typeof getFileStorage> } {
  return { ...storeDeps(), files: getFileStorage() };
}
