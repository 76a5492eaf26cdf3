import type { AvailableClass, CreditBalance, LedgerEntry } from '@studio/shared/schemas/access';
import { listLedgerOfCustomer, listLotsOfCustomer } from '../../data/repos/credits-repo';
import { getCustomerById } from '../../data/repos/customers-repo';
import type { Deps } from '../../deps';
import { finiteLotsTotal, onlineWindow, spendableClasses, unlimitedWindow } from '../credits/balance';
import { studioTimezone } from '../credits/expiry';
import { toAvailableClassDto, toLedgerEntryDto } from './dto';
import { customerNotFound } from './give-access';

export interface CustomerLedger {
  entries: LedgerEntry[];
  available_classes: AvailableClass[];
  balance: CreditBalance;
}

/**
 * GET /customer/admin/{id}/ledger: every entry, newest first, with the lots
 * and the balance they explain. ledger_total and lots_total are computed
 * independently (entries vs lots) so a drift would show, not hide.
 */
export async function getCustomerLedger(deps: Deps, customerId: number): Promise<CustomerLedger> {
  const tz = await studioTimezone(deps);
  // One read-only transaction: entries and lots from the same snapshot, so the cross-check is meaningful.
  const { entries, lots } = await deps.store.runTransaction(async (tx) => {
    if (!(await getCustomerById(deps.store, customerId, tx))) throw customerNotFound();
    return { entries: await listLedgerOfCustomer(deps.store, customerId, tx), lots: await listLotsOfCustomer(deps.store, customerId, tx) };
  });
  const now = deps.now();
  // Entries written in one transaction share their instant; the lot id keeps their order stable.
  entries.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.available_class_id - a.available_class_id);
  lots.sort((a, b) => b.available_class_id - a.available_class_id);
  const unlimited = unlimitedWindow(lots, now);
  const online = onlineWindow(lots, now);
  return {
    entries: entries.map(toLedgerEntryDto),
    available_classes: lots.map((lot) => toAvailableClassDto(lot, tz, now)),
    balance: {
      available_classes: spendableClasses(lots, now),
      has_unlimited: unlimited.active,
      unlimited_membership_expiration: unlimited.expiration?.toISOString() ?? null,
      has_online: online.active,
      online_membership_expiration: online.expiration?.toISOString() ?? null,
      ledger_total: entries.reduce((sum, entry) => sum + entry.delta, 0),
      lots_total: finiteLotsTotal(lots),
    },
  };
}
