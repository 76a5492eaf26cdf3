import { messages } from '@studio/shared/messages';
import type { AcceptedPageInput } from '@studio/shared/schemas/page';
import type { AcceptedPage } from '@studio/shared/types/pages';
import type { VerifiedIdentity } from '../data/auth/auth-gateway';
import { type AcceptedPageDoc, getCustomerById, hasAcceptedPage, listAcceptedPages, recordAcceptedPage } from '../data/repos/customers-repo';
import { getPage } from '../data/repos/pages-repo';
import type { Deps } from '../deps';
import { AppError } from '../domain/errors';
import { requireCustomerDoc } from './customers/get-customer';

const toDto = (doc: AcceptedPageDoc): AcceptedPage => ({ page_id: doc.page_id, customer_id: doc.customer_id, accepted_at: doc.accepted_at.toISOString() });

export async function listOwnAcceptedPages(deps: Deps, identity: VerifiedIdentity): Promise<AcceptedPage[]> {
  const customer = await requireCustomerDoc(deps, identity.uid);
  const records = await listAcceptedPages(deps.store, customer.uid);
  return records.sort((a, b) => a.page_id - b.page_id).map(toDto);
}

/**
 * Records that a customer accepted a legal page. Idempotent: accepting again
 * keeps the first acceptance time, which is the one with legal weight.
 * Customers record for themselves; admins may record for anyone (paper forms).
 */
export async function acceptPage(deps: Deps, identity: VerifiedIdentity, input: AcceptedPageInput): Promise<AcceptedPage> {
  const own = await requireCustomerDoc(deps, identity.uid).catch((error: unknown) => {
    if (identity.admin && input.customer_id !== undefined) return null;
    throw error;
  });
  const record = await deps.store.runTransaction(async (tx) => {
    let customer = own;
    if (input.customer_id !== undefined && input.customer_id !== own?.customer_id) {
      if (!identity.admin) throw new AppError('forbidden', 'auth/forbidden', messages.auth.forbidden);
      customer = await getCustomerById(deps.store, input.customer_id, tx);
    }
    if (!customer) throw new AppError('not-found', 'customer/not-found', messages.customer.notFound);
    const page = await getPage(deps.store, input.page_id, tx);
    if (!page) throw new AppError('not-found', 'pages/not-found', messages.pages.notFound);
    const existing = await hasAcceptedPage(deps.store, tx, customer.uid, page.page_id);
    if (existing) return existing;
    const created: AcceptedPageDoc = { page_id: page.page_id, customer_id: customer.customer_id, accepted_at: deps.now() };
    recordAcceptedPage(deps.store, tx, customer.uid, created);
    return created;
  });
  return toDto(record);
}
