import type { CardGateway } from '../../data/payments/card-gateway';
import { listPurchasesByStatus, listSubscriptionsAwaitingRenewals, type PurchaseDoc } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { ensureRenewals } from './card/start-renewals';
import { handleCardEvent } from './notices/handle-card-event';

/**
 * How long after a purchase's last change the job leaves it to the
 * processor's own webhook: a payment being confirmed right now is not the
 * job's to complete, and the webhook's redeliveries come first.
 */
export const RECONCILE_GRACE_MS = 10 * 60_000;
/** Purchases looked at per kind and run (each costs a processor call); the next run takes the rest. */
export const RECONCILE_BATCH = 100;

export interface ReconcileReport {
  /** Pending purchases the processor had been paid for, completed now (or refunded when they had ended). */
  paymentsCompleted: number[];
  /** Active card subscriptions that had no processor subscription, now billed. */
  renewalsStarted: number[];
  /** What could not be completed this run (the next run tries again). */
  failures: Array<{ purchaseId: number; error: string }>;
}

/** For the log: the processor's own words behind our Spanish 503 (processorDown keeps them as the cause). */
const describe = (error: unknown): string => {
  const cause = error instanceof Error ? (error as Error & { cause?: unknown }).cause : undefined;
  if (cause !== undefined) return describe(cause);
  return error instanceof Error ? error.message : String(error);
};

const settled = (purchase: PurchaseDoc, now: Date) => now.getTime() - purchase.updatedAt.getTime() >= RECONCILE_GRACE_MS;

/**
 * The reconciling job's work (docs/payments "Follow-up steps"): what the
 * processor did that our books do not show yet, completed through the same
 * exactly-once paths as a webhook.
 * - A pending card or OXXO purchase whose payment (or a trial's kept card)
 *   succeeded at the processor is handled as if its success event arrived
 *   (event id `reconcile~{payment}`): granted once (payment_grants), its
 *   renewals set up.
 * - An active card subscription without its processor subscription (the
 *   function died after the grant, or the processor failed at that step)
 *   gets it, paid by the card the first payment used.
 * Each purchase is its own try: one failure is logged and retried next run.
 */
export async function reconcilePayments(deps: Deps, cards: CardGateway, log: (line: string) => void = () => {}): Promise<ReconcileReport> {
  const now = deps.now();
  const report: ReconcileReport = { paymentsCompleted: [], renewalsStarted: [], failures: [] };
  const attempt = async (purchase: PurchaseDoc, step: () => Promise<boolean>, done: number[]) => {
    try {
      if (await step()) done.push(purchase.purchase_id);
    } catch (error) {
      report.failures.push({ purchaseId: purchase.purchase_id, error: describe(error) });
    }
  };

  const pending = (await listPurchasesByStatus(deps.store, 'pending'))
    .filter((p) => (p.checkout_method === 'card' || p.checkout_method === 'oxxo') && p.provider_ref && settled(p, now))
    .slice(0, RECONCILE_BATCH);
  for (const purchase of pending) await attempt(purchase, () => completePaidAtProcessor(deps, cards, purchase), report.paymentsCompleted);

  const awaiting = (await listSubscriptionsAwaitingRenewals(deps.store, RECONCILE_BATCH)).filter((p) => p.provider_ref && settled(p, now));
  for (const purchase of awaiting) await attempt(purchase, () => startMissingRenewals(deps, cards, purchase), report.renewalsStarted);

  for (const id of report.paymentsCompleted)
    log(JSON.stringify({ severity: 'WARNING', job: 'reconcilePayments', purchase_id: id, action: 'payment-completed' }));
  for (const id of report.renewalsStarted) log(JSON.stringify({ severity: 'WARNING', job: 'reconcilePayments', purchase_id: id, action: 'renewals-started' }));
  for (const f of report.failures) log(JSON.stringify({ severity: 'ERROR', job: 'reconcilePayments', purchase_id: f.purchaseId, error: f.error }));
  return report;
}

/** A pending purchase: what the processor says of its payment; a success goes through the webhook's own path. */
async function completePaidAtProcessor(deps: Deps, cards: CardGateway, purchase: PurchaseDoc): Promise<boolean> {
  const ref = purchase.provider_ref as string;
  const found = await cards.lookUpPayment(ref);
  if (!found || found.status !== 'succeeded') return false;
  // Only the purchase the payment names: a ref copied onto another purchase must not pay for it.
  if (found.purchaseId !== null && found.purchaseId !== purchase.purchase_id) return false;
  const eventId = `reconcile~${ref}`;
  const outcome =
    found.kind === 'setup'
      ? await handleCardEvent(deps, cards, {
          kind: 'card-saved',
          eventId,
          setupId: ref,
          purchaseId: purchase.purchase_id,
          paymentMethodId: found.paymentMethodId,
        })
      : await handleCardEvent(deps, cards, {
          kind: 'payment-succeeded',
          eventId,
          paymentId: ref,
          purchaseId: purchase.purchase_id,
          amountCents: found.amountCents,
          paymentMethodId: found.paymentMethodId,
        });
  return outcome === 'granted' || outcome === 'refunded';
}

/** An active subscription with no processor subscription: the card of its first payment pays the renewals from the end of the paid period. */
async function startMissingRenewals(deps: Deps, cards: CardGateway, purchase: PurchaseDoc): Promise<boolean> {
  const ref = purchase.provider_ref as string;
  const found = await cards.lookUpPayment(ref);
  if (!found?.paymentMethodId) throw new Error(`The processor does not say which card paid ${ref}`);
  await ensureRenewals(deps, cards, purchase.purchase_id, found.paymentMethodId, ref);
  return true;
}
