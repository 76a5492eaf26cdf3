import type { DiscountQuote } from '@studio/shared/schemas/discount';
import type { ClassPackageDoc } from '../../data/repos/class-packages-repo';
import { type DiscountDoc, findFreeUseNumber, getCodeOwner, getCustomerUses, getDiscount, recordDiscountUse } from '../../data/repos/discounts-repo';
import type { Transaction } from '../../data/store/types';
import type { Deps } from '../../deps';
import { assertCustomerMayUse, assertDiscountApplies, codeKey, discountUsedUp, invalidDiscount, readDiscountSettings } from './discount-rules';
import { quoteDiscount } from './pricing';

/** A use checked and priced inside a checkout transaction, not yet written. */
export interface DiscountClaim {
  discount: DiscountDoc;
  customerId: number;
  customerUsesBefore: number;
  /** The use number this claim takes (discounts/{id}/uses/{n}). */
  useNumber: number;
  quote: DiscountQuote;
}

/**
 * Checkout, step 1 of 2, inside its transaction and among its reads: reads
 * the config, the code, the discount, this customer's use counter and one
 * free use number, applies every rule (404 not valid, 412 used up) and prices
 * the package. Nothing is written, so checkout may keep reading afterwards
 * (the use number is the last read of this step).
 */
export async function prepareDiscountClaim(
  deps: Deps,
  tx: Transaction,
  input: { code: string; customerId: number; pkg: ClassPackageDoc },
): Promise<DiscountClaim> {
  const settings = await readDiscountSettings(deps, tx);
  const key = codeKey(input.code);
  if (key === null) throw invalidDiscount();
  const discountId = await getCodeOwner(deps.store, key, tx);
  if (discountId === null) throw invalidDiscount();
  const discount = await getDiscount(deps.store, discountId, tx);
  const customerUses = discount ? await getCustomerUses(deps.store, discountId, input.customerId, tx) : 0;
  const usable = assertDiscountApplies({ discount, pkg: input.pkg, settings, now: deps.now() });
  const useNumber = await findFreeUseNumber(deps.store, tx, usable, String(input.customerId));
  if (useNumber === null) throw discountUsedUp();
  assertCustomerMayUse(usable, customerUses);
  return { discount: usable, customerId: input.customerId, customerUsesBefore: customerUses, useNumber, quote: quoteDiscount(input.pkg, usable) };
}

/**
 * Checkout, step 2 of 2, among its writes: records the use (its numbered use
 * document, a discount_usages record and the customer's counter). Step 1
 * read the use number and the customer's counter in the same transaction, so
 * two checkouts racing for the last use conflict on that use's document and
 * exactly one gets it; checkouts for different uses write different
 * documents, and none writes the discount itself (ADR 0009).
 */
export function recordDiscountClaim(deps: Deps, tx: Transaction, claim: DiscountClaim, purchaseId: number): void {
  recordDiscountUse(deps.store, tx, claim.discount, claim.useNumber, claim.customerUsesBefore, {
    discount_id: claim.discount.discount_id,
    code: claim.discount.code,
    customer_id: claim.customerId,
    purchase_id: purchaseId,
    createdAt: deps.now(),
  });
}
