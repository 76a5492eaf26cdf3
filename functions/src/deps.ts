import type { AppCheckGateway } from './data/app-check/app-check-gateway';
import type { AuthGateway } from './data/auth/auth-gateway';
import type { FileStorage } from './data/files/file-storage';
import type { CardGateway } from './data/payments/card-gateway';
import type { PayPalGateway } from './data/payments/paypal-gateway';
import type { DocumentStore } from './data/store/types';

/** Web app settings the server hands to the SPA (via /api/appconfig firebaseConfig). */
export interface WebSettings {
  projectId: string;
  apiKey: string;
  authDomain: string;
  appId?: string | undefined;
  storageBucket?: string | undefined;
  /** http://host:port of the Auth emulator, only in the local stack. */
  authEmulatorUrl?: string | undefined;
  /** Where the browser loads Stripe.js: Stripe's own, or the local fake's stand-in. */
  stripeJsUrl?: string | undefined;
  /** Where the browser loads PayPal's JS SDK (PayPal's own, or the local fake's stand-in). */
  paypalJsUrl?: string | undefined;
  /** reCAPTCHA Enterprise site key for App Check (public); absent = the SPA does not start App Check. */
  appCheckSiteKey?: string | undefined;
}

/** Everything a service needs from the outside world; tests pass fakes. */
export interface Deps {
  store: DocumentStore;
  auth: AuthGateway;
  /**
   * App Check, when it is enforced (APP_CHECK_ENFORCED, docs/auth "App Check"):
   * sign-up, booking writes and checkout then refuse requests without a valid
   * token. Absent or null (locally, in tests): nothing is required.
   */
  appCheck?: AppCheckGateway | null;
  /** Uploaded files' bytes (metadata lives in the store). */
  files: FileStorage;
  now: () => Date;
  web: WebSettings;
  /**
   * The deployment's own site (https://<project>.web.app, or the local stack's
   * Hosting), which absolute URLs use while the studio has not configured its
   * `domain` (services/site-origin.ts). Absent in tests: http://localhost.
   */
  siteOrigin?: string | undefined;
  /** The card processor (Stripe, or the local fake); null when no keys are set, and checkout does not offer cards. */
  cards?: CardGateway | null;
  /** PayPal (or its local fake); null when no keys are set, and checkout does not offer it. */
  paypal?: PayPalGateway | null;
  /**
   * Running in the local stack's Functions emulator (FUNCTIONS_EMULATOR): its
   * callers reach the function without a client address the limits could
   * count (all share one bucket), and its suites and benchmark sign up
   * hundreds of customers an hour, so per-address limits are off there.
   */
  localStack?: boolean;
  /** Where the API's structured request log goes (stdout when deployed and in the local stack); absent in tests, which log no request lines. */
  logLine?: (line: string) => void;
}

/** What services that only read and write documents need: triggers and scheduled jobs build just this. */
export type StoreDeps = Pick<Deps, 'store' | 'now'>;
