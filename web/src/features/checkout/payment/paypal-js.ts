/**
 * PayPal's JS SDK, loaded from the config's `paypal_js_url` only when the
 * buyer chooses PayPal: a script tag injected on demand, never part of the
 * bundle (PayPal requires loading it from its own origin; locally the URL
 * points at the PayPal fake's stand-in). Only the subset of
 * `paypal.Buttons` the checkout uses is typed here.
 */

export interface PayPalApproveData {
  orderID: string | null;
  /** Set when a subscription was approved. */
  subscriptionID?: string;
}

export interface PayPalButtonsOptions {
  /** Answers the order id (one-off packages); a rejection closes PayPal's window (and PayPal then calls onError). */
  createOrder?: () => Promise<string>;
  /** Answers the subscription id (subscription packages, with the SDK loaded for subscriptions). */
  createSubscription?: () => Promise<string>;
  onApprove: (data: PayPalApproveData) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
  style?: {
    layout?: 'vertical' | 'horizontal';
    color?: 'gold' | 'blue' | 'silver' | 'white' | 'black';
    shape?: 'rect' | 'pill';
    label?: 'paypal' | 'pay' | 'subscribe';
    height?: number;
  };
}

export interface PayPalButtons {
  render(container: HTMLElement): Promise<void>;
  /** PayPal answers false when the buyer's browser cannot use this funding source. */
  isEligible?(): boolean;
  close?(): Promise<void>;
}

export interface PayPalNamespace {
  Buttons(options: PayPalButtonsOptions): PayPalButtons;
}

declare global {
  interface Window {
    paypal?: PayPalNamespace;
  }
}

/** In pesos: one-off packages captured right after approval, or subscriptions (vault) billed by PayPal (docs/payments "PayPal"). */
export function paypalSdkUrl(url: string, clientId: string, subscription = false): string {
  const separator = url.includes('?') ? '&' : '?';
  const intent = subscription ? 'intent=subscription&vault=true' : 'intent=capture';
  return `${url}${separator}client-id=${encodeURIComponent(clientId)}&currency=MXN&${intent}`;
}

let loading: { src: string; promise: Promise<void> } | null = null;
/** Marks our SDK tag with the intent it was loaded for. */
const SDK_TAG = 'data-paypal-intent';

function injectScript(src: string, intent: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.setAttribute(SDK_TAG, intent);
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      // A failed tag is removed, so a later try adds a fresh one instead of a second copy.
      script.remove();
      reject(new Error(`PayPal's SDK could not load from ${src}`));
    });
    document.head.appendChild(script);
  });
}

/**
 * `window.paypal`; the script is added once per page (and again after a
 * failed load). The SDK is loaded for one intent: a checkout of the other kind
 * (an order after a subscription) replaces it.
 */
export async function loadPayPal(url: string, clientId: string, subscription = false): Promise<PayPalNamespace> {
  if (!url || !clientId) throw new Error("PayPal's SDK is not configured");
  const src = paypalSdkUrl(url, clientId, subscription);
  const intent = subscription ? 'subscription' : 'capture';
  const other = document.querySelector(`script[${SDK_TAG}]:not([${SDK_TAG}="${intent}"])`);
  if (other) {
    other.remove();
    delete window.paypal;
    loading = null;
  }
  if (window.paypal) return window.paypal;
  if (loading?.src !== src) {
    const entry = { src, promise: injectScript(src, intent) };
    entry.promise.catch(() => {
      if (loading === entry) loading = null;
    });
    loading = entry;
  }
  await loading.promise;
  if (!window.paypal) {
    loading = null;
    throw new Error("PayPal's SDK did not define window.paypal");
  }
  return window.paypal;
}
