import type {
  AvailableClass,
  CreditBalance,
  GiveAccessInput,
  LedgerEntry,
  PurchaseRefundInput,
  RemoveClassesInput,
  RevokeAccessInput,
} from '@studio/shared/schemas/access';
import type { AdminPurchase } from '@studio/shared/schemas/checkout';
import type { ClassReservation } from '@studio/shared/schemas/class-reservation';
import type { ClassReservationPenalty, ClassReservationPenaltyPage, PenaltyUpdateInput } from '@studio/shared/schemas/class-reservation-penalty';
import type { CustomerCreateInput, CustomerUpdateInput } from '@studio/shared/schemas/customer';
import type { Waitlist } from '@studio/shared/schemas/waitlist';
import type { ClassPackage } from '@studio/shared/types/class-packages';
import type { Customer } from '@studio/shared/types/customers';
import type { Purchase } from '@studio/shared/types/purchases';
import { api } from '../../lib/api-client';
import { queryOptions } from '../../lib/server-data';

/** The console's addresses for customers (app/routes mounts the screens on them). */
export const ADMIN_CUSTOMERS_PATH = '/admin/clientes';
export const customerDetailPath = (id: number) => `${ADMIN_CUSTOMERS_PATH}/${id}`;

export interface CustomerPage {
  customers: Customer[];
  total: number;
  page: number;
  page_size: number;
  /** The purchase the query names when it reads as an order number ('#00123'); null otherwise. */
  order: AdminPurchase | null;
}

export interface CustomerLedger {
  entries: LedgerEntry[];
  available_classes: AvailableClass[];
  balance: CreditBalance;
}

export interface PaymentMethod {
  payment_method_id: number;
  name: string;
}

/** Query keys: everything of one customer under one prefix, so an action refreshes all that it may have changed. */
export const adminCustomersKeys = {
  all: ['admin-customers'] as const,
  search: (query: string, page: number) => [...adminCustomersKeys.all, 'search', query, page] as const,
  customer: (id: number) => [...adminCustomersKeys.all, id] as const,
  part: (id: number, part: string) => [...adminCustomersKeys.customer(id), part] as const,
  options: ['admin-customers-options'] as const,
};

/** The failures show in place (each section has its own retry), never as the global alert. */
const inPlace = { alert: false } as const;

/** GET /customer/admin/all?query&page: newest first, 50 a page; the rows stay while the next page loads. */
export const customerSearchQuery = (query: string, page: number) =>
  queryOptions({
    queryKey: adminCustomersKeys.search(query, page),
    queryFn: ({ signal }) =>
      api.get<CustomerPage>(`/customer/admin/all?${new URLSearchParams({ ...(query ? { query } : {}), page: String(page) })}`, { signal }),
    placeholderData: (previous) => previous,
    meta: inPlace,
  });

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: adminCustomersKeys.part(id, 'profile'),
    queryFn: async ({ signal }) => (await api.get<{ customer: Customer }>(`/customer/admin/${id}`, { signal })).customer,
    meta: inPlace,
  });

/** GET /customer/admin/{id}/ledger: entries newest first, every lot and the balance they explain. */
export const ledgerQuery = (id: number) =>
  queryOptions({
    queryKey: adminCustomersKeys.part(id, 'ledger'),
    queryFn: ({ signal }) => api.get<CustomerLedger>(`/customer/admin/${id}/ledger`, { signal }),
    meta: inPlace,
  });

export const purchasesQuery = (id: number) =>
  queryOptions({
    queryKey: adminCustomersKeys.part(id, 'purchases'),
    queryFn: async ({ signal }) => (await api.get<{ purchases: Purchase[] }>(`/customer/admin/${id}/purchases`, { signal })).purchases,
    meta: inPlace,
  });

/** Upcoming first (soonest first), then the rest, latest class first: the server's order. */
export const reservationsQuery = (id: number) =>
  queryOptions({
    queryKey: adminCustomersKeys.part(id, 'reservations'),
    queryFn: async ({ signal }) =>
      (await api.get<{ class_reservations: ClassReservation[] }>(`/customer/admin/${id}/reservations`, { signal })).class_reservations,
    meta: inPlace,
  });

export const waitlistsQuery = (id: number) =>
  queryOptions({
    queryKey: adminCustomersKeys.part(id, 'waitlists'),
    queryFn: async ({ signal }) => (await api.get<{ waitlists: Waitlist[] }>(`/customer/admin/${id}/waitlists`, { signal })).waitlists,
    meta: inPlace,
  });

/** The newest 50 penalties of the customer (one customer rarely has more). */
export const penaltiesQuery = (id: number) =>
  queryOptions({
    queryKey: adminCustomersKeys.part(id, 'penalties'),
    queryFn: async ({ signal }) =>
      (await api.get<ClassReservationPenaltyPage>(`/class_reservation_penaltys?customer_id=${id}`, { signal })).class_reservation_penaltys,
    meta: inPlace,
  });

/** Every package the studio may give, active or not (an admin grant ignores the package's status). */
export const packagesQuery = queryOptions({
  queryKey: [...adminCustomersKeys.options, 'packages'] as const,
  queryFn: async ({ signal }) => (await api.get<{ class_packages: ClassPackage[] }>('/class_packages/admin/all', { signal })).class_packages,
  meta: inPlace,
});

export const paymentMethodsQuery = queryOptions({
  queryKey: [...adminCustomersKeys.options, 'payment_methods'] as const,
  queryFn: async ({ signal }) => (await api.get<{ payment_methods: PaymentMethod[] }>('/payment_methods', { signal })).payment_methods,
  meta: inPlace,
});

/** With the submission's Idempotency-Key, so a retried 'Dar acceso' never grants twice. */
export const giveAccess = (input: GiveAccessInput, idempotencyKey: string) =>
  api.post<{ message: string; purchase: Purchase }>('/customer/giveAccess', input, { idempotencyKey });
export const revokeAccess = (input: RevokeAccessInput) => api.put<{ message: string; purchase: Purchase }>('/customer/revokeAccess', input);
/** POST /purchases/{id}/refund with the submission's Idempotency-Key, so a retried 'Reembolsar' never refunds twice. */
export const refundPurchase = (purchaseId: number, input: PurchaseRefundInput, idempotencyKey: string) =>
  api.post<{ message: string; purchase: Purchase }>(`/purchases/${purchaseId}/refund`, input, { idempotencyKey });
export const removeClasses = (input: RemoveClassesInput) => api.put<{ message: string; removed: number; available: number }>('/customer/removeClasses', input);
export const liftPenalty = async (input: PenaltyUpdateInput) =>
  (await api.put<{ class_reservation_penalty: ClassReservationPenalty }>('/class_reservation_penaltys', input)).class_reservation_penalty;

/** POST /customer: a customer registered at the desk; mail_sent false when the 'create your password' e-mail could not be written. */
export const createCustomer = (input: CustomerCreateInput) => api.post<{ customer: Customer; mail_sent: boolean }>('/customer', input);
/** PUT /customer with customer_id: an admin edits that customer's profile. */
export const updateCustomerProfile = async (input: CustomerUpdateInput & { customer_id: number }) =>
  (await api.put<{ customer: Customer }>('/customer', input)).customer;
