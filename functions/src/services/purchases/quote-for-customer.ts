import type { CheckoutQuote } from '@studio/shared/schemas/checkout';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getClassPackage } from '../../data/repos/class-packages-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import type { Deps } from '../../deps';
import { studioTimezone } from '../credits/expiry';
import { lookUpDiscountCode } from '../discounts/look-up-code';
import { availableMethods } from './attempt-checkout';
import { checkoutSettings } from './checkout/checkout-settings';
import { assertPurchasable, hasSignupFee } from './checkout/place-purchase';
import { quoteCheckout } from './checkout/quote-checkout';
import type { CheckoutMethod } from './lifecycle/checkout-purchase';

/**
 * GET /checkout/quote?class_package_id&discountCode: what the checkout shows
 * (the server's prices, the trial's first charge, the signup-fee rule) and the
 * methods it can take now. A code is checked as GET /discounts/code does
 * (signed in, rate-limited, nothing claimed); the attempt prices it again.
 */
export async function quoteForCustomer(
  deps: Deps,
  identity: VerifiedIdentity | null,
  classPackageId: number,
  discountCode: string | null,
  network: string,
): Promise<{ quote: CheckoutQuote; methods: CheckoutMethod[] }> {
  const [settings, tz] = await Promise.all([checkoutSettings(deps), studioTimezone(deps)]);
  const pkg = assertPurchasable(await getClassPackage(deps.store, classPackageId), settings);
  const customer = identity ? await getCustomerByUid(deps.store, identity.uid) : null;
  const code = discountCode?.trim() ?? '';
  const discount = identity && code !== '' ? (await lookUpDiscountCode(deps, identity, code, classPackageId, network)).discount : null;
  const customerHasIt = customer ? await hasSignupFee(deps, customer.customer_id, settings.signupFee) : false;
  const quote = quoteCheckout({ pkg, discount, now: deps.now(), tz, signupFee: { packageId: settings.signupFee, customerHasIt } });
  return { quote, methods: await availableMethods(deps, pkg) };
}
