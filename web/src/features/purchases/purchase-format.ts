import type { Purchase } from '@studio/shared/types/purchases';

/** An active subscription or free trial bought at checkout: the customer may cancel it (customer-area §4). */
export const isRunningSubscription = (purchase: Purchase): boolean =>
  purchase.source === 'checkout' && purchase.status === 'active' && Boolean(purchase.subscription_period && purchase.subscription_interval);

/**
 * The package came with material and the purchase still gives it (the
 * server's rule, docs/packages "Downloadable packages"): paid or granted, or
 * paid before a renewal failed or it was cancelled; never pending or revoked.
 */
export const hasMaterial = (purchase: Purchase): boolean =>
  purchase.class_package.downloadable === true &&
  purchase.status !== 'pending' &&
  purchase.status !== 'revoked' &&
  (purchase.status === 'active' || purchase.status === 'completed' || Boolean(purchase.paid_at));
