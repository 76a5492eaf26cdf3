import type { AvailableClassDoc } from '../../data/repos/credits-repo';
import { type CustomerDoc, updateCustomer } from '../../data/repos/customers-repo';
import type { Transaction } from '../../data/store/types';
import type { StoreDeps } from '../../deps';
import { unlimitedWindow } from './balance';

/** The customer's lots after this transaction's changes (read before, replaced by what was written). */
export function lotsAfter(read: AvailableClassDoc[], written: AvailableClassDoc[]): AvailableClassDoc[] {
  const byId = new Map(read.map((lot) => [lot.available_class_id, lot]));
  for (const lot of written) byId.set(lot.available_class_id, lot);
  return [...byId.values()];
}

/**
 * has_unlimited and unlimited_membership_expiration are derived from the
 * customer's lots, never set by hand: every transaction that grants, revokes
 * or edits a lot recomputes them from the lots it leaves behind. After the
 * expiry instant passes, has_unlimited is still true until the next change;
 * readers compare unlimited_membership_expiration with now.
 */
export function refreshUnlimitedMembership(deps: StoreDeps, tx: Transaction, customer: CustomerDoc, lots: AvailableClassDoc[]): CustomerDoc {
  const window = unlimitedWindow(lots, deps.now());
  const sameExpiry = (customer.unlimited_membership_expiration?.getTime() ?? null) === (window.expiration?.getTime() ?? null);
  if (customer.has_unlimited === window.active && sameExpiry) return customer;
  const after: CustomerDoc = { ...customer, has_unlimited: window.active, unlimited_membership_expiration: window.expiration, updatedAt: deps.now() };
  updateCustomer(deps.store, tx, customer, after);
  return after;
}
