import type { Discount, PublicDiscount } from '@studio/shared/schemas/discount';
import type { DiscountDoc } from '../../data/repos/discounts-repo';

/** `timesUsed`: the uses claimed so far (discountUsesSoFar), not only the stored baseline. */
export function toDiscountDto(doc: DiscountDoc, timesUsed: number): Discount {
  return {
    discount_id: doc.discount_id,
    code: doc.code,
    is_percent: doc.is_percent,
    amount: doc.amount,
    first_invoice_only: doc.first_invoice_only,
    valid_from: doc.valid_from?.toISOString() ?? null,
    valid_until: doc.valid_until?.toISOString() ?? null,
    usage_limit: doc.usage_limit,
    limit_per_customer: doc.limit_per_customer,
    class_package_ids: doc.class_package_ids,
    times_used: timesUsed,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** Customers see what the spec's discount has, not how often it was used or by whom. */
export function toPublicDiscountDto(doc: DiscountDoc): PublicDiscount {
  return { discount_id: doc.discount_id, code: doc.code, is_percent: doc.is_percent, amount: doc.amount, first_invoice_only: doc.first_invoice_only };
}
