/**
 * PayPal's JS SDK, loaded from the config's `paypal_js_url` only when the
 * buyer chooses PayPal: a script tag injected on demand, never part of the
 * bundle (PayPal requires loading it from its own origin; locally the URL
 * points at the PayPal fake's stand-in). Only the subset of
 * `paypal.Buttons` the checkout uses is typed here.
 */

export interface PayPalApproveData {
  orderID: string;
}

export interface PayPalButtonsOptions {
  /** Answers the order id; a rejection closes PayPal's window (and PayPal then calls onError). */
  createOrder: () => Promise<string>;
  onApprove: (data: PayPalApproveData) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
  style?: {
    layout?: 'vertical' | 'horizontal';
    color?: 'gold' | 'blue' | 'silver' | 'white' | 'black';
    shape?: 'rect' | 'pill';
    label?: 'paypal' | 'pay';
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

/** One-off packages in pesos, captured right after approval (docs/payments "PayPal"). */
export function paypalSdkUrl(url: string, clientId: string): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}client-id=${encodeURIComponent(clientId)}&currency=MXN&intent=capture`;
}

let loading: { src: string; promise: Promise<void> } | null = null;

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
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

/** `window.paypal`; the script is added once per page (and again after a failed load). */
export async function loadPayPal(url: string, clientId: string): Promise<PayPalNamespace> {
  if (!url || !clientId) throw new Error("PayPal's SDK is not configured");
  if (window.paypal) return window.paypal;
  const src = paypalSdkUrl(url, clientId);
  if (loading?.src !== src) {
    const entry = { src, promise: injectScript(src) };
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
