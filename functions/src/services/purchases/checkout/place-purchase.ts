import { fill } from '@studio/shared/messages';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import { CARD_PAYMENT_METHOD_ID, CASH_PAYMENT_METHOD_NAME } from '@studio/shared/schemas/catalogue/payment-methods';
import type { CheckoutQuote } from '@studio/shared/schemas/checkout';
import { OXXO_LIMITS, OXXO_VOUCHER_DAYS } from '../../../data/payments/card-gateway';
import { getRecord, listRecords, type PaymentMethodDoc } from '../../../data/repos/catalogue-repo';
import { type ClassPackageDoc, getClassPackage } from '../../../data/repos/class-packages-repo';
import { allocateSpreadIds } from '../../../data/repos/counters-repo';
import { type AvailableClassDoc, listLotsOfCustomer } from '../../../data/repos/credits-repo';
import { type CustomerDoc, getCustomerByUid } from '../../../data/repos/customers-repo';
import { findFreeNumber, takeNumber } from '../../../data/repos/number-claims';
import {
  createPurchase,
  getPackageBuyer,
  getPurchase,
  listPurchasesOfCustomer,
  packageUnits,
  type PurchaseDoc,
  readCashHold,
  writeCashHold,
  writePackageBuyer,
} from '../../../data/repos/purchases-repo';
import type { Transaction } from '../../../data/store/types';
import type { Deps } from '../../../deps';
import { at } from '../../../domain/at';
import { AppError } from '../../../domain/errors';
import { planGrant } from '../../access/grant-plan';
import { studioTimezone } from '../../credits/expiry';
import { type DiscountClaim, prepareDiscountClaim, recordDiscountClaim } from '../../discounts/claim-discount';
import { underCodeBrake } from '../../discounts/code-guesses';
import type { IdempotencyGuard } from '../../idempotency';
import type { CheckoutMethod } from '../lifecycle/checkout-purchase';
import { checkoutPurchase } from '../lifecycle/checkout-purchase';
import { grantPurchase } from '../lifecycle/grant-purchase';
import { type CheckoutSettings, checkoutSettings } from './checkout-settings';
import { quoteCheckout } from './quote-checkout';

const m = checkoutMessages;
const HOUR = 3_600_000;
/** A purchase that still holds what it was placed for (ADR 0070). */
const LIVE_STATUSES: ReadonlySet<PurchaseDoc['status']> = new Set(['pending', 'completed', 'active']);

export const packageNotFound = () => new AppError('not-found', 'checkout/package-not-found', m.packageNotFound);
const noPaymentMethod = () => new AppError('invalid', 'checkout/no-payment-method', m.noPaymentMethod, { payment_method: m.noPaymentMethod });
const methodUnavailable = () => new AppError('invalid', 'checkout/method-unavailable', m.methodUnavailable, { payment_method: m.methodUnavailable });

export interface PlaceRequest {
  uid: string;
  classPackageId: number;
  /** As typed (blank = none). */
  discountCode: string | null;
  /** The customer's choice; ignored for a free offer. Null = none chosen. */
  method: Exclude<CheckoutMethod, 'free'> | null;
  /** The methods this deployment can take now (cash when enabled; card, OXXO, PayPal when their gateways are set up). */
  availableMethods: ReadonlySet<CheckoutMethod>;
  /** The request's idempotency key (ADR 0101): the purchase is bound to it in the transaction that creates it. */
  guard?: IdempotencyGuard | null;
  /** The caller's client network (clientAddressOf): a typed code is evaluated under the brake on guessing codes. */
  network: string;
}

export interface Placed {
  purchase: PurchaseDoc;
  quote: CheckoutQuote;
  lots: AvailableClassDoc[];
  /** True when an earlier attempt's pending purchase was answered again (a double click, a retry): nothing was written. */
  reused: boolean;
}

/** The package checkout may sell: exists, not archived, active; a subscription only when the studio sells them. */
export function assertPurchasable(pkg: ClassPackageDoc | null, settings: CheckoutSettings): ClassPackageDoc {
  if (!pkg || pkg.archivedAt || pkg.status !== 'active') throw packageNotFound();
  if (pkg.is_subscription && !settings.subscriptionsEnabled) throw new AppError('precondition', 'checkout/subscriptions-disabled', m.subscriptionsDisabled);
  return pkg;
}

/** Whether the customer has bought the signup-fee package (any purchase of it that was not cancelled, failed or revoked). */
export async function hasSignupFee(deps: Pick<Deps, 'store'>, customerId: number, feePackageId: number | null, tx?: Transaction): Promise<boolean> {
  if (feePackageId === null) return false;
  const purchases = await listPurchasesOfCustomer(deps.store, customerId, tx);
  return purchases.some((p) => p.class_package_id === feePackageId && (p.status === 'completed' || p.status === 'active' || p.status === 'pending'));
}

/** What is charged now decides the method: nothing to collect (a free offer, a 100 % code) completes at once. */
function methodFor(pkg: ClassPackageDoc, request: PlaceRequest): CheckoutMethod {
  const freeOffer = !pkg.is_subscription && (pkg.sale_price ?? pkg.price) === 0;
  if (freeOffer) return 'free';
  if (request.method === null) throw noPaymentMethod();
  if (pkg.is_subscription && (request.method === 'cash' || request.method === 'oxxo'))
    throw new AppError('invalid', 'checkout/method-not-recurring', m.subscriptionNeedsRecurring, { payment_method: m.subscriptionNeedsRecurring });
  if (!request.availableMethods.has(request.method)) throw methodUnavailable();
  return request.method;
}

/**
 * The one write path that creates checkout purchases (docs/payments). One
 * transaction reads the customer, the package, the customer's place in the
 * package's limits, the signup-fee rule, the discount use, a unit of the
 * package's purchase_limit and the ids, prices the package again (the
 * browser's total is never used), and writes the purchase with all of it.
 * Every document it writes is this customer's own or a claimed number, so a
 * rush of buyers writes different documents (ADR 0009).
 *
 * With an idempotency key the purchase is bound to the key in the same
 * transaction, so a retry after a crash answers it instead of placing another.
 *
 * A free offer, or any one-off purchase with nothing to charge now, is
 * completed and granted in the same transaction. Cash is left pending until
 * the studio confirms it (or it lapses); where the studio lets cash buyers
 * book before paying, its credits are granted now, marked as awaiting it. Card, OXXO and PayPal purchases are
 * left pending for their provider's payment.
 */
export async function placePurchase(deps: Deps, request: PlaceRequest): Promise<Placed> {
  // A typed code is a guess until the transaction accepts it: wrong ones spend the customer's and the network's budget (docs/payments).
  if ((request.discountCode?.trim() ?? '') === '') return placeInTransaction(deps, request);
  return underCodeBrake(deps, { uid: request.uid, network: request.network }, () => placeInTransaction(deps, request));
}

async function placeInTransaction(deps: Deps, request: PlaceRequest): Promise<Placed> {
  const [settings, tz] = await Promise.all([checkoutSettings(deps), studioTimezone(deps)]);
  return deps.store.runTransaction(async (tx) => {
    const now = deps.now();
    // An earlier attempt under the same key that placed its purchase and then stopped: answer that purchase, never a second one
    // (unless it has ended since, e.g. lapsed unpaid, and so gave its place back).
    const bound = request.guard ? await request.guard.hold(tx) : null;
    const earlier = bound === null ? null : await getPurchase(deps.store, bound.id, tx);
    if (earlier !== null && LIVE_STATUSES.has(earlier.status)) {
      const earlierPkg = await getClassPackage(deps.store, earlier.class_package_id, tx);
      if (earlierPkg !== null) return { purchase: earlier, quote: pendingQuote(earlier, earlierPkg, now, tz), lots: [], reused: true };
    }
    const customer = await getCustomerByUid(deps.store, request.uid, tx);
    if (!customer) throw new AppError('precondition', 'checkout/customer-required', m.customerRequired);
    const pkg = assertPurchasable(await getClassPackage(deps.store, request.classPackageId, tx), settings);
    let method = methodFor(pkg, request);

    const buyer = await getPackageBuyer(deps.store, pkg.class_package_id, customer.customer_id, tx);
    const pending = buyer.pending_purchase_id === null ? null : await getPurchase(deps.store, buyer.pending_purchase_id, tx);
    if (pending?.status === 'pending') {
      if (pending.checkout_method === method) return { purchase: pending, quote: pendingQuote(pending, pkg, now, tz), lots: [], reused: true };
      throw new AppError('conflict', 'checkout/pending-exists', m.pendingExists);
    }
    if (pkg.limit_per_customer !== null && buyer.count >= pkg.limit_per_customer) throw new AppError('conflict', 'checkout/limit-reached', m.limitReached);

    const hasFee = await hasSignupFee(deps, customer.customer_id, settings.signupFee, tx);
    const code = request.discountCode?.trim() ?? '';
    // A free offer has nothing to discount, so a code typed anyway is not used up.
    const claim: DiscountClaim | null =
      method === 'free' || code === '' ? null : await prepareDiscountClaim(deps, tx, { code, customerId: customer.customer_id, pkg });
    const quote = quoteCheckout({ pkg, discount: claim?.discount ?? null, now, tz, signupFee: { packageId: settings.signupFee, customerHasIt: hasFee } });
    if (quote.signup_fee_required !== null) throw new AppError('precondition', 'checkout/signup-fee-required', m.signupFeeRequired);
    if (quote.total_now === 0 && quote.trial === null && !pkg.is_subscription) method = 'free';
    if (method === 'oxxo' && (quote.total_now < OXXO_LIMITS.min || quote.total_now > OXXO_LIMITS.max)) throw methodUnavailable();
    const capsCash = method === 'cash' && pkg.class_package_id !== settings.signupFee;
    if (capsCash) await assertRoomForCash(deps, tx, customer, settings);

    const paymentMethod = await recordedMethod(deps, tx, method);
    const limit = pkg.purchase_limit ?? null;
    const unit = limit === null ? null : await findFreeNumber(deps.store, tx, packageUnits(pkg.class_package_id, limit), request.uid);
    if (limit !== null && unit === null) throw new AppError('precondition', 'checkout/sold-out', m.soldOut);

    const status = method === 'free' ? 'completed' : 'pending';
    // Where the studio allows it, a cash buyer books at once: the credits come now and say they await the cash.
    const grantedBeforePayment = method === 'cash' && settings.cashBookingBeforePayment;
    const specs = status === 'completed' || grantedBeforePayment ? planGrant(pkg, null, now, tz) : [];
    const existingLots = specs.length > 0 ? await listLotsOfCustomer(deps.store, customer.customer_id, tx) : [];
    // The last reads: they claim the ids, so only writes follow.
    const ids = await allocateSpreadIds(deps.store, tx, { purchases: 1, available_classes: specs.length }, request.uid);

    const purchase = checkoutPurchase({
      purchaseId: at(ids.purchases, 0),
      customer,
      pkg,
      quote,
      discount: claim?.discount ?? null,
      method,
      paymentMethod,
      status,
      payBy: payByOf(method, now, settings),
      paymentInstructions: method === 'cash' ? settings.cashInstructions : null,
      unit,
      now,
    });
    if (grantedBeforePayment) purchase.granted_before_payment = true;
    createPurchase(deps.store, tx, purchase);
    writePackageBuyer(deps.store, tx, {
      ...buyer,
      count: buyer.count + 1,
      pending_purchase_id: status === 'pending' ? purchase.purchase_id : null,
    });
    if (capsCash) writeCashHold(deps.store, tx, customer.uid, { last_purchase_id: purchase.purchase_id, updatedAt: now });
    if (limit !== null && unit !== null) takeNumber(deps.store, tx, packageUnits(pkg.class_package_id, limit), unit, { purchase_id: purchase.purchase_id });
    if (claim) recordDiscountClaim(deps, tx, claim, purchase.purchase_id);
    request.guard?.bind(tx, { type: 'purchase', id: purchase.purchase_id });
    const lots =
      specs.length > 0
        ? grantPurchase(deps, tx, {
            purchase,
            customer,
            existingLots,
            specs,
            lotIds: ids.available_classes,
            paidAt: now,
            actor: { uid: request.uid, role: 'customer' },
            awaitingPayment: grantedBeforePayment,
          })
        : [];
    return { purchase, quote, lots, reused: false };
  });
}

/**
 * Unpaid cash is credit the studio gives on trust (with
 * cash_booking_before_payment, credits to book with): a customer with
 * `maxPendingCashPurchases` cash purchases still awaiting the studio's
 * confirmation is refused another (409) until one is paid, cancelled or
 * lapses. The signup fee neither counts nor is refused: it grants no credits,
 * and the spec asks for it before any other package, so it must not stop a
 * first visit's enrollment plus package in cash. The customer's cash hold is
 * read first, and written by every capped cash placement, so two placed at
 * once cannot both count the same pending purchases (ADR 0078).
 */
async function assertRoomForCash(deps: Deps, tx: Transaction, customer: Pick<CustomerDoc, 'uid' | 'customer_id'>, settings: CheckoutSettings): Promise<void> {
  await readCashHold(deps.store, customer.uid, tx);
  const purchases = await listPurchasesOfCustomer(deps.store, customer.customer_id, tx);
  const pending = purchases.filter(
    (purchase) => purchase.status === 'pending' && purchase.checkout_method === 'cash' && purchase.class_package_id !== settings.signupFee,
  ).length;
  const max = settings.maxPendingCashPurchases;
  if (pending < max) return;
  const message = max === 1 ? m.cashPendingLimit : fill(m.cashPendingLimitMany, { n: max });
  throw new AppError('conflict', 'checkout/cash-pending-limit', message);
}

/** A card's 3-D Secure has an hour; an OXXO voucher its days plus one (Stripe's own expiry normally ends it first). */
const CARD_PAYMENT_HOURS = 1;
const OXXO_PAYMENT_HOURS = (OXXO_VOUCHER_DAYS + 1) * 24;

/** Until when a pending purchase holds its place (the lapse job ends it after); null when nothing is pending. */
function payByOf(method: CheckoutMethod, now: Date, settings: CheckoutSettings): Date | null {
  const hours =
    method === 'cash'
      ? settings.cashPaymentHours
      : method === 'card' || method === 'paypal'
        ? CARD_PAYMENT_HOURS
        : method === 'oxxo'
          ? OXXO_PAYMENT_HOURS
          : null;
  return hours === null ? null : new Date(now.getTime() + hours * HOUR);
}

/** The payment_methods record a purchase names (ADR 0012): 'Efectivo' for cash, id 1 for cards; none for the rest. */
async function recordedMethod(deps: Deps, tx: Transaction, method: CheckoutMethod): Promise<{ id: number; name: string } | null> {
  if (method === 'card') {
    const card = await getRecord<PaymentMethodDoc>(deps.store, 'payment_methods', CARD_PAYMENT_METHOD_ID, tx);
    return card ? { id: card.payment_method_id, name: card.name } : null;
  }
  if (method !== 'cash') return null;
  const found = await listRecords<PaymentMethodDoc>(deps.store, 'payment_methods', { field: 'name', value: CASH_PAYMENT_METHOD_NAME }, tx);
  const live = found.find((record) => !record.deletedAt);
  return live ? { id: live.payment_method_id, name: live.name } : null;
}

/** The quote of a pending purchase answered again: as it was priced then, not as the catalogue says today. */
function pendingQuote(purchase: PurchaseDoc, pkg: ClassPackageDoc, now: Date, tz: string): CheckoutQuote {
  const today = quoteCheckout({ pkg, discount: null, now, tz, signupFee: { packageId: null, customerHasIt: false } });
  return { ...today, price: purchase.subtotal, discount_amount: purchase.discount?.amount ?? 0, total_now: purchase.total_payment };
}
