import type { DiscountQuote } from '@studio/shared/schemas/discount';
import type { ClassPackageDoc } from '../../data/repos/class-packages-repo';
import type { DiscountDoc } from '../../data/repos/discounts-repo';

const toCents = (amount: number) => Math.round(amount * 100);

/**
 * The price of a package with a discount (public-site §5): the sale price
 * when there is one, then percent → price × (1 − amount/100) or fixed →
 * price − amount, never below 0, in whole cents. The arithmetic is done in
 * integer cents (and hundredths of a percent), so half a cent rounds up
 * exactly instead of depending on binary floating point (10.01 at 50 % is
 * 5.01, not 5.00).
 */
export function quoteDiscount(
  pkg: Pick<ClassPackageDoc, 'class_package_id' | 'price' | 'sale_price'>,
  discount: Pick<DiscountDoc, 'is_percent' | 'amount'>,
): DiscountQuote {
  const baseCents = toCents(pkg.sale_price ?? pkg.price);
  const totalCents = discount.is_percent ? Math.round((baseCents * (10_000 - toCents(discount.amount))) / 10_000) : baseCents - toCents(discount.amount);
  const total = Math.max(0, totalCents);
  return {
    class_package_id: pkg.class_package_id,
    base_price: baseCents / 100,
    discount_amount: (baseCents - total) / 100,
    total: total / 100,
  };
}
