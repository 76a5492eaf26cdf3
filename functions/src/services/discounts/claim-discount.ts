import type { DiscountQuote } from '@studio/shared/schemas/discount';
import type { ClassPackageDoc } from '../../data/repos/class-packages-repo';
import { getCodeOwner, getCustomerUses, getDiscount, recordDiscountUse, type DiscountDoc } from '../../data/repos/discounts-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { assertDiscountUsable, codeKey, invalidDiscount, readDiscountSettings } from './discount-rules';
import { quoteDiscount } from './pricing';

/** A use checked and priced inside a checkout transaction, not yet written. */
export interface DiscountClaim {
  discount: DiscountDoc;
  customerId: number;
  customerUsesBefore: number;
  quote: DiscountQuote;
}

/**
 * Checkout, step 1 of 2, inside its transaction and among its reads: reads
 * the config, the code, the discount and this customer's use counter, applies
 * every rule (404 not valid, 412 used up) and prices the package. Nothing is
 * written, so checkout may keep reading afterwards.
 */
export async function prepareDiscountClaim(deps: Deps, tx: Transaction, input: { code: string; customerId: number; pkg: ClassPackageDoc }): Promise<DiscountClaim> {
  const settings = await readDiscountSettings(deps, tx);
  const key = codeKey(input.code);
  if (key === null) throw invalidDiscount();
  const discountId = await getCodeOwner(deps.store, key, tx);
  if (discountId === null) throw invalidDiscount();
  const discount = await getDiscount(deps.store, discountId, tx);
  const customerUses = discount ? await getCustomerUses(deps.store, discountId, input.customerId, tx) : 0;
  const usable = assertDiscountUsable({ discount, pkg: input.pkg, customerUses, settings, now: deps.now() });
  return { discount: usable, customerId: input.customerId, customerUsesBefore: customerUses, quote: quoteDiscount(input.pkg, usable) };
}

/**
 * Checkout, step 2 of 2, among its writes: records the use (a discount_usages
 * document, the discount's times_used and the customer's counter). Because
 * step 1 read both counters in the same transaction, two checkouts racing
 * for the last use serialize on them and exactly one gets it.
 */
export function recordDiscountClaim(deps: Deps, tx: Transaction, claim: DiscountClaim, purchaseId: number): void {
  recordDiscountUse(deps.store, tx, claim.discount, claim.customerUsesBefore, {
    discount_id: claim.discount.discount_id,
    code: claim.discount.code,
    customer_id: claim.customerId,
    purchase_id: purchaseId,
    createdAt: deps.now(),
  });
}
