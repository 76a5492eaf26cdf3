import { materialStanding, soldWithMaterial } from '@studio/shared/rules/purchase-material';
import type { Purchase } from '@studio/shared/types/purchases';

/** An active subscription or free trial bought at checkout: the customer may cancel it (customer-area §4). */
export const isRunningSubscription = (purchase: Purchase): boolean =>
  purchase.source === 'checkout' && purchase.status === 'active' && Boolean(purchase.subscription_period && purchase.subscription_interval);

/** The package was sold with material and the purchase still gives it: the server's own rule (shared/rules/purchase-material.ts). */
export const hasMaterial = (purchase: Purchase): boolean => soldWithMaterial(purchase) && materialStanding(purchase) === 'given';
