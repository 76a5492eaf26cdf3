/**
 * Deployed entry points. Each wrapper is thin: the Express app and the trigger
 * handlers are exported from their own modules and tested without this file.
 */
import type { Express } from 'express';
import { defineString } from 'firebase-functions/params';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';
import { fromFirestoreEvent } from './data/store/firestore/from-firestore-event';
import { TRIGGER_TIMEOUT_SECONDS } from './data/store/local/trigger-dispatcher';
import { createRuntimeDeps } from './runtime';
import { countReservationsTrigger } from './triggers/count-reservations';
import { processFileTrigger } from './triggers/process-file';

const webApiKey = defineString('WEB_API_KEY', { description: 'Web API key of the Firebase project (public; used by the SPA and for reset e-mails).' });
const webAppId = defineString('WEB_APP_ID', { default: '', description: 'Firebase web app id (optional).' });

let app: Express | undefined;

export const api = onRequest({ region: 'us-central1', memory: '512MiB', concurrency: 80, timeoutSeconds: 60 }, (req, res) => {
  app ??= createApp(createRuntimeDeps({ webApiKey: webApiKey.value(), webAppId: webAppId.value() }));
  app(req, res);
});

// retry: a failed handler is delivered again, as the local dispatcher does; handlers are idempotent (at least once).
// timeoutSeconds: one constant shared with the local dispatcher, so a handler times out locally exactly as deployed (docs/adr/0008).
export const processFile = onDocumentWritten(
  { document: processFileTrigger.document, region: 'us-central1', memory: '512MiB', timeoutSeconds: TRIGGER_TIMEOUT_SECONDS, retry: true },
  (event) => processFileTrigger.handler(fromFirestoreEvent(event)),
);

export const countReservations = onDocumentWritten(
  { document: countReservationsTrigger.document, region: 'us-central1', memory: '256MiB', timeoutSeconds: TRIGGER_TIMEOUT_SECONDS, retry: true },
  (event) => countReservationsTrigger.handler(fromFirestoreEvent(event)),
);
