import { studioDay } from '@studio/shared/format/dates';
import { parseOrderNumber } from '@studio/shared/format/order-number';
import type { AdminPurchase, PurchaseAdminQuery } from '@studio/shared/schemas/checkout';
import type { Invoice, Purchase, PurchaseStatus } from '@studio/shared/types/purchases';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getClassPackage } from '../../data/repos/class-packages-repo';
import { type AvailableClassDoc, listLotsOfPurchase } from '../../data/repos/credits-repo';
import { getCustomerByUid } from '../../data/repos/customers-repo';
import { listInvoicesOfCustomer } from '../../data/repos/invoices-repo';
import { getPurchase, listPurchasesByStatus, listPurchasesOfCustomer, type PurchaseDoc } from '../../data/repos/purchases-repo';
import type { Deps } from '../../deps';
import { toPurchaseDto } from '../access/dto';
import { studioTimezone } from '../credits/expiry';
import { purchaseNotFound } from './lifecycle/purchase-errors';

const newestFirst = <T extends { createdAt: Date }>(a: T, b: T, idOf: (x: T) => number) => b.createdAt.getTime() - a.createdAt.getTime() || idOf(b) - idOf(a);
const byPurchase = (a: PurchaseDoc, b: PurchaseDoc) => newestFirst(a, b, (p) => p.purchase_id);

/** GET /purchases: the caller's purchases, newest first (Mis Compras). */
export async function listOwnPurchases(deps: Deps, identity: VerifiedIdentity): Promise<Purchase[]> {
  const customer = await getCustomerByUid(deps.store, identity.uid);
  if (!customer) return [];
  return (await listPurchasesOfCustomer(deps.store, customer.customer_id)).sort(byPurchase).map((p) => toPurchaseDto(p, deps.now()));
}

/** One purchase as the confirmation page shows it: the buyer's name and e-mail, and the package's receipt image today. */
export type PurchaseDetail = Purchase & {
  customer: { customer_id: number; name: string; last_name: string; email: string } | null;
  receipt_file: { src: string } | null;
  /**
   * When its credits end, once granted (the lot is active): /gracias names the
   * date. Null before they are granted, when a lot never ends, or when its lots
   * end on different studio days (the page then says the days of validity).
   */
  credits_expire_at: string | null;
};

/** The one end of a purchase's active lots, if they all end on the same studio day. */
function creditsEndOf(lots: AvailableClassDoc[], tz: string): Date | null {
  const active = lots.filter((lot) => lot.status === 'active');
  const ends = active.map((lot) => lot.expiration_date);
  if (ends.length === 0 || ends.some((end) => end === null)) return null;
  const dates = ends as Date[];
  if (new Set(dates.map((end) => studioDay(end, tz))).size !== 1) return null;
  return new Date(Math.max(...dates.map((end) => end.getTime())));
}

/** GET /purchases/{id}: the buyer's own, or any for an admin; someone else's is a 404. */
export async function getPurchaseFor(deps: Deps, identity: VerifiedIdentity, purchaseId: number): Promise<PurchaseDetail> {
  const purchase = await getPurchase(deps.store, purchaseId);
  if (!purchase || (purchase.uid !== identity.uid && !identity.admin)) throw purchaseNotFound();
  const [customer, pkg, lots, tz] = await Promise.all([
    getCustomerByUid(deps.store, purchase.uid),
    getClassPackage(deps.store, purchase.class_package_id),
    listLotsOfPurchase(deps.store, purchaseId),
    studioTimezone(deps),
  ]);
  return {
    ...toPurchaseDto(purchase, deps.now()),
    customer: customer ? { customer_id: customer.customer_id, name: customer.name, last_name: customer.last_name, email: customer.email } : null,
    receipt_file: pkg?.receipt_file ?? pkg?.image ?? null,
    credits_expire_at: creditsEndOf(lots, tz)?.toISOString() ?? null,
  };
}

/**
 * GET /purchases/admin/all?status&customer_id&checkout_method (admin): e.g. the
 * cash purchases waiting for confirmation (status=pending&checkout_method=cash),
 * oldest deadline first, each with its buyer's name so the desk knows who pays.
 */
export async function listPurchasesForAdmin(deps: Deps, filter: Omit<PurchaseAdminQuery, 'status'> & { status: PurchaseStatus }): Promise<AdminPurchase[]> {
  const found = await listPurchasesByStatus(deps.store, filter.status);
  const mine = found.filter(
    (p) =>
      (filter.customer_id === undefined || p.customer_id === filter.customer_id) &&
      (filter.checkout_method === undefined || p.checkout_method === filter.checkout_method),
  );
  const due = (p: PurchaseDoc) => p.pay_by?.getTime() ?? Number.POSITIVE_INFINITY;
  const sorted = mine.sort((a, b) => (filter.status === 'pending' ? due(a) - due(b) || a.purchase_id - b.purchase_id : byPurchase(a, b)));
  return withBuyers(deps, sorted);
}

/** Purchases as the console lists them, each with its buyer: one read per buyer, not per purchase (a customer often has several). */
async function withBuyers(deps: Deps, purchases: PurchaseDoc[]): Promise<AdminPurchase[]> {
  const uids = [...new Set(purchases.map((p) => p.uid))];
  const customers = new Map(await Promise.all(uids.map(async (uid) => [uid, await getCustomerByUid(deps.store, uid)] as const)));
  return purchases.map((p) => {
    const c = customers.get(p.uid);
    return { ...toPurchaseDto(p, deps.now()), customer: c ? { customer_id: c.customer_id, name: c.name, last_name: c.last_name, email: c.email } : null };
  });
}

/**
 * The purchase an order number names ('#00123', '123': what the customer
 * reads out at the desk), with its buyer; null when the text is no order
 * number or there is no such purchase. One document read.
 */
export async function findOrderForAdmin(deps: Deps, text: string): Promise<AdminPurchase | null> {
  const id = parseOrderNumber(text);
  if (id === null) return null;
  const purchase = await getPurchase(deps.store, id);
  return purchase ? ((await withBuyers(deps, [purchase]))[0] ?? null) : null;
}

/** GET /invoices: the caller's charges, newest first (Mis Cargos), each with its purchase's title and status. */
export async function listOwnInvoices(deps: Deps, identity: VerifiedIdentity): Promise<Invoice[]> {
  const customer = await getCustomerByUid(deps.store, identity.uid);
  if (!customer) return [];
  const [invoices, purchases] = await Promise.all([
    listInvoicesOfCustomer(deps.store, customer.customer_id),
    listPurchasesOfCustomer(deps.store, customer.customer_id),
  ]);
  const purchaseById = new Map(purchases.map((p) => [p.purchase_id, p]));
  return invoices
    .sort((a, b) => newestFirst(a, b, (i) => i.invoice_id))
    .map((invoice) => {
      const purchase = purchaseById.get(invoice.purchase_id);
      return {
        invoice_id: invoice.invoice_id,
        purchase_id: invoice.purchase_id,
        customer_id: invoice.customer_id,
        class_package: { ...invoice.class_package },
        title: invoice.title,
        total_payment: invoice.total_payment,
        status: invoice.status,
        billing_reason: invoice.billing_reason,
        checkout_method: invoice.checkout_method,
        payment_method: invoice.payment_method,
        provider_ref: invoice.provider_ref,
        createdAt: invoice.createdAt.toISOString(),
        purchase: { purchase_id: invoice.purchase_id, title: purchase?.title ?? invoice.title, status: purchase?.status ?? 'completed' },
      };
    });
}
