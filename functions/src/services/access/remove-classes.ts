import { fill } from '@studio/shared/messages';
import { accessMessages } from '@studio/shared/messages/access';
import type { RemoveClassesInput } from '@studio/shared/schemas/access';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerById } from '../../data/repos/customers-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { spendingOrder } from '../credits/balance';
import { changeLot } from '../credits/ledger';
import { customerNotFound } from './give-access';

export const classCount = (n: number) => fill(n === 1 ? accessMessages.classCountOne : accessMessages.classCountOther, { n });

/**
 * PUT /customer/removeClasses: takes `amount` credits from the customer's
 * spendable lots (live, finite, in person), earliest expiry first, each
 * through the ledger. Fewer than `amount` → 412 saying how many there are,
 * and nothing is written. Reads and writes share one transaction, so
 * concurrent removals (or bookings) can never spend the same credit twice.
 */
export async function removeClasses(
  deps: Deps,
  admin: VerifiedIdentity,
  input: RemoveClassesInput,
): Promise<{ message: string; removed: number; available: number }> {
  return deps.store.runTransaction(async (tx) => {
    const customer = await getCustomerById(deps.store, input.customer_id, tx);
    if (!customer) throw customerNotFound();
    const lots = spendingOrder(await listLotsOfCustomer(deps.store, customer.customer_id, tx), deps.now());
    const available = lots.reduce((sum, lot) => sum + lot.available_classes, 0);
    if (available < input.amount) {
      const message = fill(accessMessages.notEnoughToRemove, { amount: input.amount, available: classCount(available) });
      throw new AppError('precondition', 'access/not-enough-classes', message, { amount: message });
    }
    const context = { actor: { uid: admin.uid, role: 'admin' as const } };
    let left = input.amount;
    for (const lot of lots) {
      if (left === 0) break;
      const take = Math.min(left, lot.available_classes);
      changeLot(deps, tx, lot, -take, 'remove', context);
      left -= take;
    }
    return { message: accessMessages.classesRemoved, removed: input.amount, available: available - input.amount };
  });
}
