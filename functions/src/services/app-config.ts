import { appConfigDefinitions, type AppConfigEntry, defaultAppConfig } from '@studio/shared/config/app-config';
import type { AppConfigUpdateInput } from '@studio/shared/schemas/app-config';
import { getStoredConfig, saveConfigValues } from '../data/repos/app-config-repo';
import type { Deps, WebSettings } from '../deps';

/** Stripe.js as Stripe serves it: the only place a browser may load it from in production (PCI). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';
/** PayPal's JS SDK as PayPal serves it. */
export const PAYPAL_JS_URL = 'https://www.paypal.com/sdk/js';

/** The identity provider's web config for this environment (public by design: it identifies, it does not authorise). */
export function webFirebaseConfig(web: WebSettings): Record<string, unknown> {
  return {
    apiKey: web.apiKey,
    authDomain: web.authDomain,
    projectId: web.projectId,
    ...(web.appId ? { appId: web.appId } : {}),
    ...(web.storageBucket ? { storageBucket: web.storageBucket } : {}),
    ...(web.authEmulatorUrl ? { emulators: { auth: web.authEmulatorUrl } } : {}),
    // Not a Firebase option: the SPA starts App Check with it, and sends tokens, only when it is set.
    ...(web.appCheckSiteKey ? { appCheckSiteKey: web.appCheckSiteKey } : {}),
  };
}

/**
 * Defaults, overlaid by what the studio stored, as the spec's list of
 * {key, value}, plus `firebaseConfig`, which only the server decides.
 */
export async function getPublicConfig(deps: Deps): Promise<AppConfigEntry[]> {
  const stored = await getStoredConfig(deps.store);
  const merged: Record<string, unknown> = { ...defaultAppConfig() };
  for (const [key, value] of Object.entries(stored)) {
    if (key in appConfigDefinitions) merged[key] = value;
  }
  merged.firebaseConfig = webFirebaseConfig(deps.web);
  // Server-decided like firebaseConfig: the local stack points it at the Stripe fake's stand-in, never a build.
  merged.stripe_js_url = deps.web.stripeJsUrl ?? STRIPE_JS_URL;
  // PayPal's buttons need the client id (public by design) and the SDK's address; both per environment, never stored.
  merged.paypal_client_id = deps.paypal?.clientId ?? '';
  merged.paypal_js_url = deps.web.paypalJsUrl ?? PAYPAL_JS_URL;
  return Object.entries(merged).map(([key, value]) => ({ key, value }));
}

/** Admin change of one or more keys; values were validated against their definitions. */
export async function updateConfig(deps: Deps, adminUid: string, input: AppConfigUpdateInput): Promise<AppConfigEntry[]> {
  const values: Record<string, unknown> = {};
  for (const entry of input.entries) values[entry.key] = entry.value;
  await deps.store.runTransaction(async (tx) => {
    const stored = await getStoredConfig(deps.store, tx);
    saveConfigValues(deps.store, tx, { ...stored, ...values }, adminUid, deps.now());
  });
  return getPublicConfig(deps);
}
