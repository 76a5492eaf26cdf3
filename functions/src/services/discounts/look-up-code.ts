import { packagesMessages } from '@studio/shared/messages/packages';
import type { DiscountQuote, PublicDiscount } from '@studio/shared/schemas/discount';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getClassPackage } from '../../data/repos/class-packages-repo';
import { discountUsesSoFar, getCodeOwner, getCustomerUses, getDiscount } from '../../data/repos/discounts-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { requireCustomerDoc } from '../customers/get-customer';
import { underCodeBrake } from './code-guesses';
import { toPublicDiscountDto } from './discount-dto';
import { assertDiscountUsable, codeKey, invalidDiscount, readDiscountSettings } from './discount-rules';
import { quoteDiscount } from './pricing';

/**
 * GET /discounts/code/{code}?class_package_id: whether the signed-in customer
 * could use the code on that package right now, and the price it would give.
 * The same rules as the checkout claim, without claiming anything, under the
 * same brake on guessing (`network` is the caller's, clientAddressOf).
 */
export async function lookUpDiscountCode(
  deps: Deps,
  identity: VerifiedIdentity,
  code: string,
  classPackageId: number,
  network: string,
): Promise<{ discount: PublicDiscount; quote: DiscountQuote }> {
  const customer = await requireCustomerDoc(deps, identity.uid);
  return underCodeBrake(deps, { uid: identity.uid, network }, async () => {
    const pkg = await getClassPackage(deps.store, classPackageId);
    if (!pkg || pkg.status !== 'active') throw new AppError('not-found', 'packages/not-found', packagesMessages.notFound);
    const key = codeKey(code);
    if (key === null) throw invalidDiscount();
    const discountId = await getCodeOwner(deps.store, key);
    if (discountId === null) throw invalidDiscount();
    const [settings, discount, customerUses] = await Promise.all([
      readDiscountSettings(deps),
      getDiscount(deps.store, discountId),
      getCustomerUses(deps.store, discountId, customer.customer_id),
    ]);
    const timesUsed = discount ? await discountUsesSoFar(deps.store, discount) : 0;
    const usable = assertDiscountUsable({ discount, pkg, customerUses, timesUsed, settings, now: deps.now() });
    return { discount: toPublicDiscountDto(usable), quote: quoteDiscount(pkg, usable) };
  });
}
