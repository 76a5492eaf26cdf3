/**
 * Stripe.js, loaded from the config's `stripe_js_url` only when a checkout
 * needs the card field: it is a script tag injected on demand, never part of
 * the bundle (Stripe requires loading it from its own origin; locally the URL
 * points at the Stripe fake's stand-in). Only the subset the checkout and
 * Métodos de Pago use is typed here.
 */

/** The status of an intent a result or an error carries (Stripe attaches the intent to an unexpected-state error). */
export interface StripeIntentState {
  id?: string;
  status?: string;
}

export interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
  payment_intent?: StripeIntentState;
  setup_intent?: StripeIntentState;
}

export interface StripeCardChange {
  empty: boolean;
  complete: boolean;
  error?: StripeError | null;
}

export interface StripeCardElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(type: 'change', handler: (event: StripeCardChange) => void): StripeCardElement;
  on(type: 'ready', handler: () => void): StripeCardElement;
}

export interface ConfirmResult {
  error?: StripeError;
  paymentIntent?: StripeIntentState;
  setupIntent?: StripeIntentState;
}

export interface StripeBillingDetails {
  name: string;
  email: string;
}

export interface StripeInstance {
  elements(options?: { locale?: string }): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  confirmCardPayment(clientSecret: string, data?: { payment_method: { card: StripeCardElement } }): Promise<ConfirmResult>;
  confirmCardSetup(clientSecret: string, data?: { payment_method: { card: StripeCardElement } }): Promise<ConfirmResult>;
  /**
   * Server-side confirmation (ADR 0075): finishes an intent the server confirmed that is in requires_action (3-D
   * Secure). Stripe.js throws for an intent in any other status; it never confirms anything itself.
   */
  handleNextAction(options: { clientSecret: string }): Promise<ConfirmResult>;
  retrievePaymentIntent(clientSecret: string): Promise<ConfirmResult>;
  retrieveSetupIntent(clientSecret: string): Promise<ConfirmResult>;
  /** Shows the OXXO voucher; OXXO requires the payer's name and email on it. */
  confirmOxxoPayment(clientSecret: string, data: { payment_method: { billing_details: StripeBillingDetails } }): Promise<ConfirmResult>;
}

type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeInstance;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

let loading: Promise<StripeFactory> | null = null;

function injectScript(url: string): Promise<StripeFactory> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not define window.Stripe'))));
    script.addEventListener('error', () => reject(new Error(`Stripe.js could not load from ${url}`)));
    document.head.appendChild(script);
  });
}

/** The Stripe instance for the studio's publishable key; the script is added once per page, and again after a failed load. */
export async function loadStripe(url: string, publishableKey: string): Promise<StripeInstance> {
  if (!url || !publishableKey) throw new Error('Stripe.js is not configured');
  const factory = window.Stripe
    ? window.Stripe
    : await (loading ??= injectScript(url).catch((error: unknown) => {
        loading = null;
        throw error;
      }));
  return factory(publishableKey, { locale: 'es' });
}
