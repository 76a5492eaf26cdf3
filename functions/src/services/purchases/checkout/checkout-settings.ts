import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import { getStoredConfig } from '../../../data/repos/app-config-repo';
import type { StoreDeps } from '../../../deps';

/** The checkout settings (appconfig), stored values over the defaults. */
export interface CheckoutSettings {
  cashEnabled: boolean;
  /** Hours a cash purchase waits for the studio's confirmation before it lapses. */
  cashPaymentHours: number;
  cashInstructions: string;
  /** A pending cash purchase's credits are granted at once, to book before the cash is confirmed. */
  cashBookingBeforePayment: boolean;
  /** A customer with this many cash purchases awaiting confirmation is refused another (at least 1). */
  maxPendingCashPurchases: number;
  subscriptionsEnabled: boolean;
  paypalEnabled: boolean;
  /** 'session': card payments go to Stripe's hosted page (Checkout) instead of the card field. */
  stripeCheckoutMode: 'elements' | 'session';
  /** The signup-fee package's id (config `signup_fee`), or null. */
  signupFee: number | null;
}

const d = appConfigDefinitions;
const boolOr = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

export async function checkoutSettings(deps: StoreDeps): Promise<CheckoutSettings> {
  const stored = await getStoredConfig(deps.store);
  const hours = stored.cash_payment_hours;
  const instructions = stored.cash_instructions;
  const fee = stored.signup_fee;
  const maxPendingCash = stored.max_pending_cash_purchases;
  return {
    cashEnabled: boolOr(stored.cash_checkout_enabled, d.cash_checkout_enabled.default),
    // At least an hour: a studio that types 0 still gives people time to reach the front desk.
    cashPaymentHours: typeof hours === 'number' && Number.isFinite(hours) && hours >= 1 ? hours : d.cash_payment_hours.default,
    cashInstructions: typeof instructions === 'string' && instructions.trim() !== '' ? instructions.trim() : checkoutMessages.cashInstructionsDefault,
    cashBookingBeforePayment: boolOr(stored.cash_booking_before_payment, d.cash_booking_before_payment.default),
    // At least one: a studio that wants no cash purchases switches cash off instead.
    maxPendingCashPurchases:
      typeof maxPendingCash === 'number' && Number.isInteger(maxPendingCash) && maxPendingCash >= 1 ? maxPendingCash : d.max_pending_cash_purchases.default,
    subscriptionsEnabled: boolOr(stored.subscriptions_enabled, d.subscriptions_enabled.default),
    paypalEnabled: boolOr(stored.paypal_enabled, d.paypal_enabled.default),
    stripeCheckoutMode: stored.stripe_checkout_mode === 'session' ? 'session' : 'elements',
    signupFee: typeof fee === 'number' && Number.isInteger(fee) && fee > 0 ? fee : null,
  };
}
