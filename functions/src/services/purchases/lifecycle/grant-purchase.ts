import { dayjs, studioDaysBetween } from '@studio/shared/format/dates';
import type { AvailableClassDoc } from '../../../data/repos/credits-repo';
import type { CustomerDoc } from '../../../data/repos/customers-repo';
import type { PurchaseDoc } from '../../../data/repos/purchases-repo';
import type { Transaction } from '../../../data/store/types';
import type { Deps } from '../../../deps';
import { at } from '../../../domain/at';
import { lotFromSpec, type LotSpec, planGrant } from '../../access/grant-plan';
import { grantLot, type LedgerContext } from '../../credits/ledger';
import { lotsAfter, refreshUnlimitedMembership } from '../../credits/membership';

/**
 * The lots a paid purchase grants: what was sold (the purchase's copy of the
 * package, not today's catalogue), with expiry counted from the payment, so a
 * cash payment confirmed two days later still gets its full validity. A
 * subscription's period ends at `periodEnd`: one period from the first payment,
 * and for a renewal the next charge (record-renewal.ts).
 */
export const planPurchaseGrant = (purchase: PurchaseDoc, paidAt: Date, tz: string, periodEnd: Date | null = periodEndOf(purchase, paidAt)): LotSpec[] => {
  const period = periodEnd;
  // A subscription's credits last until the end of the studio day its next charge falls on, so renewals never leave a gap.
  return planGrant(purchase.class_package, period === null ? null : studioDaysBetween(paidAt, period, tz), paidAt, tz);
};

/** When a subscription's period that starts at `from` ends (its next charge); null for a one-off purchase. */
export function periodEndOf(purchase: Pick<PurchaseDoc, 'subscription_period' | 'subscription_interval'>, from: Date): Date | null {
  const period = purchase.subscription_period;
  const interval = purchase.subscription_interval;
  if ((period !== 'day' && period !== 'month' && period !== 'year') || !interval) return null;
  return dayjs.utc(from).add(interval, period).toDate();
}

export interface PurchaseGrant {
  purchase: PurchaseDoc;
  customer: CustomerDoc;
  /** The customer's lots read in this transaction (for the derived unlimited fields). */
  existingLots: AvailableClassDoc[];
  specs: LotSpec[];
  /** Claimed ids, one per spec. */
  lotIds: number[];
  paidAt: Date;
  actor: LedgerContext['actor'];
  /** Granted before the cash was paid: the lots say so until it is. */
  awaitingPayment?: boolean;
}

/**
 * Grants a purchase's credits, among the writes of the transaction that
 * marks it paid: one lot and one ledger entry per spec, and the customer's
 * derived fields. The one place checkout grants credits (docs/payments).
 */
export function grantPurchase(deps: Deps, tx: Transaction, grant: PurchaseGrant): AvailableClassDoc[] {
  const context: LedgerContext = { actor: grant.actor, reference: { type: 'purchase', id: grant.purchase.purchase_id } };
  const lots = grant.specs.map((spec, i) =>
    grantLot(
      deps,
      tx,
      {
        ...lotFromSpec(spec, at(grant.lotIds, i), grant.customer, grant.purchase, grant.paidAt),
        ...(grant.awaitingPayment ? { awaiting_payment: true } : {}),
      },
      context,
    ),
  );
  refreshUnlimitedMembership(deps, tx, grant.customer, lotsAfter(grant.existingLots, lots));
  return lots;
}
