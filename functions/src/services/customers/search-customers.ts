import type { AdminPurchase } from '@studio/shared/schemas/checkout';
import type { Customer } from '@studio/shared/types/customers';
import { listCustomers } from '../../data/repos/customers-repo';
import type { Deps } from '../../deps';
import { findOrderForAdmin } from '../purchases/read-purchases';
import { toCustomerDto } from './customer-dto';
import { queryTerms } from './search-terms';

export const ADMIN_CUSTOMERS_PAGE_SIZE = 50;
export const QUICK_SEARCH_LIMIT = 10;
/** How many index matches are scanned to apply the query's other words. */
const SCAN_LIMIT = 500;

/**
 * Every word of the query must prefix-match a name, e-mail or phone word. The
 * longest word goes to the index (array-contains); the rest are checked here.
 */
async function search(deps: Deps, query: string | undefined, limit: number, offset: number): Promise<{ customers: Customer[]; total: number }> {
  const [first, ...rest] = queryTerms(query ?? '');
  if (!first || rest.length === 0) {
    const result = await listCustomers(deps.store, { term: first, limit, offset });
    return { customers: result.customers.map((doc) => toCustomerDto(doc, { acceptedPages: [], isAdmin: false, now: deps.now() })), total: result.total };
  }
  const scanned = await listCustomers(deps.store, { term: first, limit: SCAN_LIMIT, offset: 0 });
  const matches = scanned.customers.filter((doc) => rest.every((term) => doc.search_terms.includes(term)));
  return {
    customers: matches.slice(offset, offset + limit).map((doc) => toCustomerDto(doc, { acceptedPages: [], isAdmin: false, now: deps.now() })),
    total: matches.length,
  };
}

/**
 * GET /customer/admin/all: paged list, newest first; and, when the query
 * reads as an order number ('#00123', '00123', '123'), the purchase it names
 * as `order` (null otherwise). A bare number may be a phone too, so both are
 * answered and the desk sees each.
 */
export async function listCustomersForAdmin(
  deps: Deps,
  query: string | undefined,
  page: number,
): Promise<{ customers: Customer[]; total: number; order: AdminPurchase | null }> {
  const [found, order] = await Promise.all([
    search(deps, query, ADMIN_CUSTOMERS_PAGE_SIZE, (page - 1) * ADMIN_CUSTOMERS_PAGE_SIZE),
    query ? findOrderForAdmin(deps, query) : null,
  ]);
  return { ...found, order };
}

/** GET /customer/query: a few matches for type-ahead pickers. */
export async function quickSearchCustomers(deps: Deps, query: string | undefined): Promise<Customer[]> {
  if (queryTerms(query ?? '').length === 0) return [];
  return (await search(deps, query, QUICK_SEARCH_LIMIT, 0)).customers;
}
