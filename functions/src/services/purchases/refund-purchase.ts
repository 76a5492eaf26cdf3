import { accessMessages } from '@studio/shared/messages/access';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import { type PurchaseRefundInput, purchaseRefundSchema, refundableAmount } from '@studio/shared/schemas/access';
import type { Purchase } from '@studio/shared/types/purchases';
import { ValidationError } from 'yup';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getPurchase, type PurchaseDoc } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { toPurchaseDto } from '../access/dto';
import type { IdempotencyGuard } from '../idempotency';
import { applyRefund, refundedSoFar } from './lifecycle/apply-refund';
import { purchaseNotFound } from './lifecycle/purchase-errors';

const m = accessMessages;
const notRefundable = () => new AppError('conflict', 'purchases/not-refundable', m.notRefundable);
export const processorUnavailable = (cause: unknown) => {
  const error = new AppError('unavailable', 'purchases/processor-unavailable', m.processorUnavailable);
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
};
/** Paid through checkout (admin grants have no payment to give back), with something left to refund. */
const leftToRefund = (p: PurchaseDoc) => (p.source === 'checkout' && p.paid_at ? refundableAmount(p.total_payment, refundedSoFar(p)) : 0);
const isRunning = (p: PurchaseDoc) => p.status === 'active' || p.status === 'failed';

export interface RefundAnswer {
  message: string;
  purchase: Purchase;
}

/**
 * POST /purchases/{id}/refund {amount?, remove_credits?, reason?} (admin),
 * with an Idempotency-Key. The money goes back first (a card or OXXO payment
 * or a PayPal capture through the processor, keyed by what was refunded
 * before and this amount, so a retry is the same refund; cash is handed back
 * at the desk, so only recorded); a full refund also stops a subscription.
 * Then, in one transaction, the purchase's refunded total goes up (never
 * above what was paid: amount ≤ paid − refunded, the shared schema's rule),
 * and credits go as stated before confirming: a full refund revokes the
 * purchase and its remaining credits, a partial one keeps them unless
 * remove_credits. The processor's webhook for this same refund then finds its
 * total already counted (apply-refund.ts). Processor down: 503 and nothing
 * written. Renewals already charged are not refunded here.
 */
export async function refundPurchase(
  deps: Deps,
  admin: VerifiedIdentity,
  purchaseId: number,
  input: PurchaseRefundInput,
  guard: IdempotencyGuard | null = null,
): Promise<RefundAnswer> {
  const found = await getPurchase(deps.store, purchaseId);
  if (!found) throw purchaseNotFound();
  const left = leftToRefund(found);
  if (left <= 0) throw notRefundable();
  try {
    await purchaseRefundSchema.validate(input, { context: { refundable: left } });
  } catch (error) {
    if (error instanceof ValidationError) throw new AppError('invalid', 'purchases/refund-too-large', error.message, { amount: error.message });
    throw error;
  }
  const amount = input.amount ?? left;
  const full = amount >= left;
  const before = refundedSoFar(found);
  // The same refund for a retry, another for the next partial refund (what was refunded before has changed).
  const processorKey = `refund-admin-${purchaseId}-${Math.round(before * 100)}-${Math.round(amount * 100)}`;
  const cents = full ? undefined : Math.round(amount * 100);
  const stopsSubscription = full && found.subscription_id !== null && isRunning(found);

  if (found.checkout_method === 'paypal' && found.provider_ref) {
    if (!deps.paypal) throw processorUnavailable(new Error('no PayPal configured'));
    // A subscription's first payment is a v1 sale, refunded whole only (a trial's provider_ref is its subscription: nothing was paid).
    const isSale = found.subscription_id !== null && found.provider_ref !== found.subscription_id;
    if (isSale && !full) throw new AppError('conflict', 'purchases/partial-not-supported', m.refundPartialNotSupported);
    try {
      if (!found.subscription_id) await deps.paypal.refundCapture(found.provider_ref, processorKey, cents === undefined ? undefined : amount);
      else if (isSale) await deps.paypal.refundSale(found.provider_ref, processorKey);
      if (stopsSubscription && found.subscription_id) await deps.paypal.cancelSubscription(found.subscription_id, 'Reembolsada');
    } catch (error) {
      throw processorUnavailable(error);
    }
  }
  const viaProcessor = (found.checkout_method === 'card' || found.checkout_method === 'oxxo') && found.provider_ref && found.total_payment > 0;
  if (viaProcessor || (stopsSubscription && found.checkout_method !== 'paypal')) {
    if (!deps.cards) throw processorUnavailable(new Error('no card processor configured'));
    try {
      if (viaProcessor && found.provider_ref) await deps.cards.refundPayment(found.provider_ref, processorKey, cents);
      if (stopsSubscription && found.subscription_id) await deps.cards.cancelSubscription(found.subscription_id);
    } catch (error) {
      throw processorUnavailable(error);
    }
  }

  return deps.store.runTransaction(async (tx) => {
    await guard?.hold(tx);
    const current = await getPurchase(deps.store, purchaseId, tx);
    if (!current) throw purchaseNotFound();
    const result = await applyRefund(deps, tx, current, {
      totalRefunded: before + amount,
      removeCredits: input.remove_credits === true,
      by: 'staff',
      adminUid: admin.uid,
      sourceRef: processorKey,
      reason: input.reason?.trim() || null,
    });
    const message = result.full ? checkoutMessages.refunded : input.remove_credits ? m.refundedPartialRemoved : m.refundedPartialKept;
    const answer = { message, purchase: toPurchaseDto(result.after) };
    guard?.record(tx, { status: 200, body: answer });
    return answer;
  });
}
