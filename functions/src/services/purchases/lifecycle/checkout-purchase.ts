import type { CheckoutQuote } from '@studio/shared/schemas/checkout';
import type { PurchaseFields } from '@studio/shared/types/purchases';
import type { ClassPackageDoc } from '../../../data/repos/class-packages-repo';
import type { CustomerDoc } from '../../../data/repos/customers-repo';
import type { DiscountDoc } from '../../../data/repos/discounts-repo';
import type { PurchaseDoc } from '../../../data/repos/purchases-repo';
import { soldPackage } from '../../access/grant-plan';

export type CheckoutMethod = NonNullable<PurchaseFields['checkout_method']>;

export interface CheckoutPurchaseInput {
  purchaseId: number;
  customer: Pick<CustomerDoc, 'customer_id' | 'uid'>;
  pkg: ClassPackageDoc;
  quote: CheckoutQuote;
  discount: Pick<DiscountDoc, 'discount_id' | 'code'> | null;
  method: CheckoutMethod;
  paymentMethod: { id: number; name: string } | null;
  status: PurchaseDoc['status'];
  payBy: Date | null;
  paymentInstructions: string | null;
  unit: number | null;
  now: Date;
}

/**
 * A purchase made at checkout (source 'checkout'): the package as sold, the
 * server's quote (total_payment is what is charged now), and its place in the
 * package's limits (holds_place, unit). Subscriptions keep their period and
 * interval; the provider's subscription id arrives with its payment.
 */
export function checkoutPurchase(input: CheckoutPurchaseInput): PurchaseDoc {
  const { pkg, quote } = input;
  const paid = input.status === 'completed' || input.status === 'active';
  return {
    purchase_id: input.purchaseId,
    customer_id: input.customer.customer_id,
    uid: input.customer.uid,
    class_package_id: pkg.class_package_id,
    class_package: soldPackage(pkg),
    title: pkg.title,
    status: input.status,
    total_payment: quote.total_now,
    payment_method_id: input.paymentMethod?.id ?? null,
    payment_method: input.paymentMethod?.name ?? null,
    is_gift: false,
    bill: false,
    source: 'checkout',
    granted_by: null,
    subscription_id: null,
    subscription_period: pkg.is_subscription ? pkg.subscription_period : null,
    subscription_interval: pkg.is_subscription ? pkg.subscription_interval : null,
    free_trial_length: pkg.is_trial ? pkg.free_trial_length : null,
    class_amount: pkg.class_amount,
    expiration_days: pkg.expiration_days,
    checkout_method: input.method,
    subtotal: quote.price,
    discount: input.discount ? { discount_id: input.discount.discount_id, code: input.discount.code, amount: quote.discount_amount } : null,
    pay_by: input.payBy,
    payment_instructions: input.paymentInstructions,
    paid_at: paid ? input.now : null,
    cancel_reason: null,
    renewal_amount: quote.renewal?.amount ?? null,
    first_charge_at: quote.trial ? new Date(quote.trial.first_charge_at) : null,
    first_charge_amount: quote.trial?.first_charge_amount ?? null,
    holds_place: true,
    unit: input.unit,
    createdAt: input.now,
    updatedAt: input.now,
    cancelledAt: null,
    revokedAt: null,
  };
}
