import { packagesMessages } from '@studio/shared/messages/packages';
import type { SpecialEventAttendee } from '@studio/shared/schemas/class-package';
import { getClassPackage } from '../../data/repos/class-packages-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { listPurchasesOfPackage, type PurchaseDoc, type PurchaseStatus } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';

/** Purchases that never gave (or no longer give) a place at the event. */
const NOT_ATTENDING: ReadonlySet<PurchaseStatus> = new Set(['revoked', 'failed']);

/**
 * GET /class_packages/especiales/{id}/asistentes: one row per customer who
 * holds a place (a purchase neither revoked nor failed), with how many, in
 * the order they first bought. Archived events still answer: it is history.
 */
export async function listSpecialEventAttendees(deps: Deps, classPackageId: number): Promise<SpecialEventAttendee[]> {
  const pkg = await getClassPackage(deps.store, classPackageId);
  if (!pkg || !pkg.is_special_event) throw new AppError('not-found', 'packages/not-found', packagesMessages.adminNotFound);

  const purchases = (await listPurchasesOfPackage(deps.store, classPackageId)).filter((p) => !NOT_ATTENDING.has(p.status));
  const byCustomer = new Map<number, PurchaseDoc[]>();
  for (const purchase of purchases) byCustomer.set(purchase.customer_id, [...(byCustomer.get(purchase.customer_id) ?? []), purchase]);

  const rows = await Promise.all(
    [...byCustomer.values()].map(async (own): Promise<SpecialEventAttendee> => {
      const sorted = [...own].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.purchase_id - b.purchase_id);
      const first = sorted[0] as PurchaseDoc;
      const customer = await getCustomerByUid(deps.store, first.uid);
      return {
        customer_id: first.customer_id,
        name: customer?.name ?? null,
        last_name: customer?.last_name ?? null,
        email: customer?.email ?? null,
        phone: customer?.phone ?? null,
        purchases: sorted.length,
        purchase_ids: sorted.map((p) => p.purchase_id),
        first_purchase_at: first.createdAt.toISOString(),
      };
    }),
  );
  return rows.sort((a, b) => a.first_purchase_at.localeCompare(b.first_purchase_at) || a.customer_id - b.customer_id);
}
