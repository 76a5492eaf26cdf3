/**
 * Deployed entry points. Each wrapper is thin: the Express app and the trigger
 * handlers are exported from their own modules and tested without this file.
 */
import type { Express } from 'express';
import { defineBoolean, defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp } from './app';
import {
  API_MIN_INSTANCES_PARAM,
  API_WARM_MIN_INSTANCES_PARAM,
  DEFAULT_API_MIN_INSTANCES,
  DEFAULT_API_WARM_MIN_INSTANCES,
} from './data/scaling/scaling-settings';
import { fromFirestoreEvent } from './data/store/firestore/from-firestore-event';
import { TRIGGER_TIMEOUT_SECONDS } from './data/store/trigger-timeout';
import type { DocumentTrigger } from './data/store/types';
import { REGION } from './region';
import { createRuntimeDeps } from './runtime';
import { cleanUpFilesJob } from './scheduled/clean-up-files-job';
import { closeWaitlistsJob } from './scheduled/close-waitlists-job';
import { computeDashboardDaysJob } from './scheduled/compute-dashboard-days-job';
import { detectNoShowsJob } from './scheduled/detect-no-shows';
import { lapseUnpaidPurchasesJob } from './scheduled/lapse-unpaid-purchases-job';
import { reconcilePaymentsJob } from './scheduled/reconcile-payments-job';
import { type ScheduledJob, scheduleOf } from './scheduled/scheduled-job';
import { warmForReleasesJob } from './scheduled/warm-for-releases-job';
import { countReservationsTrigger } from './triggers/count-reservations';
import { finishCancellationTrigger } from './triggers/finish-cancellation';
import { mailOnInvoiceTrigger, mailOnPurchaseTrigger } from './triggers/mail-on-payment';
import { mailOnReservationTrigger } from './triggers/mail-on-reservation';
import { mailOnWaitlistTrigger } from './triggers/mail-on-waitlist';
import { notifyOnClassTrigger, notifyOnWaitlistTrigger } from './triggers/notification-triggers';
import { processFileTrigger } from './triggers/process-file';
import { promoteOnCancelTrigger, promoteOnWaitlistTrigger, waitlistOnClassTrigger } from './triggers/waitlist-triggers';

const webApiKey = defineString('WEB_API_KEY', { description: 'Web API key of the Firebase project (public; used by the SPA and for reset e-mails).' });
const webAppId = defineString('WEB_APP_ID', { default: '', description: 'Firebase web app id (optional).' });
// App Check (docs/auth "App Check"): off unless a project's .env turns it on, so the local stack and tests need nothing.
const appCheckEnforced = defineBoolean('APP_CHECK_ENFORCED', {
  default: false,
  description: 'Require an App Check token on sign-up, booking writes and checkout (true in production).',
});
const appCheckSiteKey = defineString('APP_CHECK_SITE_KEY', {
  default: '',
  description: 'reCAPTCHA Enterprise site key the web app uses for App Check (public; empty = the web does not use App Check).',
});

// Warm instances for schedule releases (docs/adr/0103): `api`'s deployed minimum, and what the
// warmForReleases job raises it to around a release. The job reads both from the environment
// (data/scaling/scaling-settings.ts), where firebase-tools puts every resolved param.
const apiMinInstances = defineInt(API_MIN_INSTANCES_PARAM, {
  default: DEFAULT_API_MIN_INSTANCES,
  description: 'Minimum instances of the api function outside schedule-release windows (each costs money while idle; docs/operations.md).',
});
defineInt(API_WARM_MIN_INSTANCES_PARAM, {
  default: DEFAULT_API_WARM_MIN_INSTANCES,
  description: 'Minimum instances of the api function from 15 min before to 30 min after a schedule release.',
});

// Secrets (`.secret.local.example` lists them; `firebase functions:secrets:set NAME` on a real project).
const stripeSecretKey = defineSecret('STRIPE_SECRET_KEY');
const stripeWebhookSecret = defineSecret('STRIPE_WEBHOOK_SECRET');
const paypalClientId = defineSecret('PAYPAL_CLIENT_ID');
const paypalClientSecret = defineSecret('PAYPAL_CLIENT_SECRET');
const paypalWebhookId = defineSecret('PAYPAL_WEBHOOK_ID');

let app: Express | undefined;

export const api = onRequest(
  {
    region: REGION,
    memory: '512MiB',
    concurrency: 80,
    timeoutSeconds: 60,
    // Revision-level; the warmForReleases job sets the service-level minimum around releases (docs/adr/0103).
    minInstances: apiMinInstances,
    secrets: [stripeSecretKey, stripeWebhookSecret, paypalClientId, paypalClientSecret, paypalWebhookId],
  },
  (req, res) => {
    app ??= createApp(
      createRuntimeDeps({
        webApiKey: webApiKey.value(),
        webAppId: webAppId.value(),
        appCheck: { enforced: appCheckEnforced.value(), siteKey: appCheckSiteKey.value() },
        // STRIPE_API_BASE and PAYPAL_API_BASE are set only by the local stack (the fakes); not params, so a deploy never asks for them.
        stripe: { secretKey: stripeSecretKey.value(), webhookSecret: stripeWebhookSecret.value(), apiBase: process.env.STRIPE_API_BASE ?? '' },
        paypal: {
          clientId: paypalClientId.value(),
          clientSecret: paypalClientSecret.value(),
          webhookId: paypalWebhookId.value(),
          apiBase: process.env.PAYPAL_API_BASE ?? '',
        },
      }),
    );
    app(req, res);
  },
);

// retry: a failed handler is delivered again, as the local dispatcher does; handlers are idempotent (at least once).
// timeoutSeconds: one constant shared with the local dispatcher, so a handler times out locally exactly as deployed (docs/adr/0008).
/** A document trigger as deployed: retried on failure (handlers are idempotent), the shared timeout; 256 MiB unless it says more. */
const deployTrigger = (trigger: DocumentTrigger, memory: '256MiB' | '512MiB' = '256MiB') =>
  onDocumentWritten({ document: trigger.document, region: REGION, memory, timeoutSeconds: TRIGGER_TIMEOUT_SECONDS, retry: true }, (event) =>
    trigger.handler(fromFirestoreEvent(event)),
  );

// Uploads: images are decoded and resized in memory (docs/files).
export const processFile = deployTrigger(processFileTrigger, '512MiB');

// The class's booked count and the booking e-mails (docs/booking, docs/mail).
export const countReservations = deployTrigger(countReservationsTrigger);
export const mailOnReservation = deployTrigger(mailOnReservationTrigger);
export const mailOnWaitlist = deployTrigger(mailOnWaitlistTrigger);

const secretsByName = new Map(
  [stripeSecretKey, stripeWebhookSecret, paypalClientId, paypalClientSecret, paypalWebhookId].map((secret) => [secret.name, secret] as const),
);

/** A scheduled job as deployed: every N minutes in UTC; a failed run is simply followed by the next one (jobs catch up). */
const deployJob = (job: ScheduledJob) => {
  const secrets = (job.secrets ?? []).map((name) => {
    const secret = secretsByName.get(name);
    if (!secret) throw new Error(`Job ${job.name} asks for an undeclared secret ${name}`);
    return secret;
  });
  return onSchedule(
    { schedule: scheduleOf(job), timeZone: 'Etc/UTC', region: REGION, memory: '256MiB', timeoutSeconds: TRIGGER_TIMEOUT_SECONDS, secrets },
    () => job.handler(),
  );
};

// Purchase and payment e-mails (docs/mail).
export const mailOnInvoice = deployTrigger(mailOnInvoiceTrigger);
export const mailOnPurchase = deployTrigger(mailOnPurchaseTrigger);

// Waitlist promotion and closing (ADR 0061).
export const promoteOnCancel = deployTrigger(promoteOnCancelTrigger);
export const promoteOnWaitlist = deployTrigger(promoteOnWaitlistTrigger);
export const waitlistOnClass = deployTrigger(waitlistOnClassTrigger);
export const closeWaitlists = deployJob(closeWaitlistsJob);

// Customer notifications written off the booking path (docs/customer-area).
export const notifyOnWaitlist = deployTrigger(notifyOnWaitlistTrigger);
export const notifyOnClass = deployTrigger(notifyOnClassTrigger);

// A cancelled class's reservations are refunded even if the call that cancelled it died (docs/booking).
export const finishCancellation = deployTrigger(finishCancellationTrigger);

// No-shows and penalties (ADR 0063).
export const detectNoShows = deployJob(detectNoShowsJob);
export const lapseUnpaidPurchases = deployJob(lapseUnpaidPurchasesJob);

// The console's dashboard figures, one document per studio day (docs/admin).
export const computeDashboardDays = deployJob(computeDashboardDaysJob);

// Customers' uploads nothing references, after a grace period (docs/files).
export const cleanUpFiles = deployJob(cleanUpFilesJob);

// Keeps api warm around schedule releases (docs/adr/0103).
export const warmForReleases = deployJob(warmForReleasesJob);

// What the card processor did that the books do not show yet: paid but not granted, a subscription never set up (docs/payments).
export const reconcilePayments = deployJob(reconcilePaymentsJob);
