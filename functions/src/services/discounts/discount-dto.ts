import type { Discount, PublicDiscount } from '@studio/shared/schemas/discount';
import type { DiscountDoc } from '../../data/repos/discounts-repo';

export function toDiscountDto(doc: DiscountDoc): Discount {
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
    times_used: doc.times_used,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/** Customers see what the spec's discount has, not how often it was used or by whom. */
export function toPublicDiscountDto(doc: DiscountDoc): PublicDiscount {
  return { discount_id: doc.discount_id, code: doc.code, is_percent: doc.is_percent, amount: doc.amount, first_invoice_only: doc.first_invoice_only };
}
