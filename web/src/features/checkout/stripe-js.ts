/**
 * Stripe.js, loaded from the config's `stripe_js_url` only when a checkout
 * needs the card field: it is a script tag injected on demand, never part of
 * the bundle (Stripe requires loading it from its own origin; locally the URL
 * points at the Stripe fake's stand-in). Only the subset the checkout and
 * Métodos de Pago use is typed here.
 */

export interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
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

export type ConfirmResult = { error?: StripeError } & Record<string, unknown>;

export interface StripeBillingDetails {
  name: string;
  email: string;
}

export interface StripeInstance {
  elements(options?: { locale?: string }): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  /** Without `data` it confirms an intent already bound to a saved card: 3-D Secure if the bank asks, else the intent as it is. */
  confirmCardPayment(clientSecret: string, data?: { payment_method: { card: StripeCardElement } }): Promise<ConfirmResult>;
  confirmCardSetup(clientSecret: string, data?: { payment_method: { card: StripeCardElement } }): Promise<ConfirmResult>;
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
