import { createFirebaseAppCheckGateway } from './data/app-check/firebase-app-check-gateway';
import { createFirebaseAuthGateway } from './data/auth/firebase-auth-gateway';
import { systemNow } from './data/clock/system-clock';
import { getFileStorage } from './data/files/get-file-storage';
import { createPayPalGateway } from './data/payments/paypal-gateway';
import { createStripeGateway } from './data/payments/stripe-gateway';
import { getStore } from './data/store/get-store';
import type { Deps } from './deps';
import { deploymentOrigin } from './services/site-origin';

export interface RuntimeParams {
  webApiKey: string;
  webAppId: string;
  /** App Check: `enforced` makes the API require tokens; `siteKey` (reCAPTCHA Enterprise, public) makes the SPA send them. */
  appCheck: { enforced: boolean; siteKey: string };
  /** Stripe's keys (function secrets); empty = cards are not offered. `apiBase` points at the local fake. */
  stripe: { secretKey: string; webhookSecret: string; apiBase: string };
  /** PayPal's app credentials and webhook id (function secrets); empty = PayPal is not offered. `apiBase` points at the local fake. */
  paypal: { clientId: string; clientSecret: string; webhookId: string; apiBase: string };
}

/**
 * Builds the production dependencies from the environment, once per instance.
 * Read at first request, not at module load, so `firebase deploy` can load
 * the code to discover functions without touching any service. Building them
 * loads only the chosen store's SDK: Auth, App Check, Cloud Storage and Stripe
 * are loaded by their first call (data/lazy-module.ts; docs/operations.md
 * "Cold start").
 */
export function createRuntimeDeps(params: RuntimeParams, env: NodeJS.ProcessEnv = process.env): Deps {
  const projectId = env.GCLOUD_PROJECT ?? env.GCP_PROJECT ?? 'demo-studio';
  const authEmulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;
  return {
    store: getStore(),
    auth: createFirebaseAuthGateway({ webApiKey: params.webApiKey, emulatorHost: authEmulatorHost }),
    appCheck: params.appCheck.enforced ? createFirebaseAppCheckGateway() : null,
    files: getFileStorage(),
    now: systemNow,
    logLine: (line) => process.stdout.write(`${line}\n`),
    localStack: env.FUNCTIONS_EMULATOR === 'true',
    siteOrigin: deploymentOrigin(projectId, env),
    cards:
      params.stripe.secretKey && params.stripe.webhookSecret
        ? createStripeGateway({ secretKey: params.stripe.secretKey, webhookSecret: params.stripe.webhookSecret, apiBase: params.stripe.apiBase || undefined })
        : null,
    paypal:
      params.paypal.clientId && params.paypal.clientSecret && params.paypal.webhookId
        ? createPayPalGateway({ ...params.paypal, apiBase: params.paypal.apiBase || 'https://api-m.paypal.com' })
        : null,
    web: {
      projectId,
      apiKey: params.webApiKey,
      authDomain: `${projectId}.firebaseapp.com`,
      appId: params.webAppId || undefined,
      storageBucket: `${projectId}.appspot.com`,
      appCheckSiteKey: params.appCheck.siteKey || undefined,
      authEmulatorUrl: authEmulatorHost ? `http://${authEmulatorHost}` : undefined,
      stripeJsUrl: params.stripe.apiBase ? `${params.stripe.apiBase.replace(/\/+$/, '')}/v3/` : undefined,
      paypalJsUrl: params.paypal.apiBase ? `${params.paypal.apiBase.replace(/\/+$/, '')}/sdk/js` : undefined,
    },
  };
}
