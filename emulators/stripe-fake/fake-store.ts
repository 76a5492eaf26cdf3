import type {
  EventDelivery,
  FakeCharge,
  FakeCheckoutSession,
  FakeCustomer,
  FakeEvent,
  FakeInvoice,
  FakePaymentIntent,
  FakePaymentMethod,
  FakePrice,
  FakeProduct,
  FakeRefund,
  FakeSetupIntent,
  FakeSubscription,
  FakeTestClock,
  InvoiceIncludables,
  SessionPrivate,
} from './stripe-shapes';
import type { CardBehaviour } from './test-cards';

export interface StoredResponse {
  status: number;
  body: string;
  fingerprint: string;
}

/** Everything the fake knows, in memory; `resetStore` empties it in place so modules can keep their reference. */
export interface FakeStore {
  customers: Map<string, FakeCustomer>;
  products: Map<string, FakeProduct>;
  prices: Map<string, FakePrice>;
  paymentMethods: Map<string, FakePaymentMethod>;
  /** The test behaviour of each card PaymentMethod: the card number itself is never kept. */
  cardBehaviours: Map<string, CardBehaviour>;
  paymentIntents: Map<string, FakePaymentIntent>;
  setupIntents: Map<string, FakeSetupIntent>;
  charges: Map<string, FakeCharge>;
  refunds: Map<string, FakeRefund>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  invoiceIncludables: Map<string, InvoiceIncludables>;
  /** PaymentIntent id → the invoice it pays. */
  invoiceOfPaymentIntent: Map<string, string>;
  sessions: Map<string, FakeCheckoutSession>;
  sessionPrivate: Map<string, SessionPrivate>;
  /** PaymentIntent / SetupIntent / subscription id → the checkout session that created it. */
  sessionOfIntent: Map<string, string>;
  testClocks: Map<string, FakeTestClock>;
  events: FakeEvent[];
  eventsById: Map<string, FakeEvent>;
  deliveries: Map<string, EventDelivery[]>;
  idempotency: Map<string, StoredResponse>;
}

export function createStore(): FakeStore {
  return {
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    paymentMethods: new Map(),
    cardBehaviours: new Map(),
    paymentIntents: new Map(),
    setupIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    invoiceIncludables: new Map(),
    invoiceOfPaymentIntent: new Map(),
    sessions: new Map(),
    sessionPrivate: new Map(),
    sessionOfIntent: new Map(),
    testClocks: new Map(),
    events: [],
    eventsById: new Map(),
    deliveries: new Map(),
    idempotency: new Map(),
  };
}

export function resetStore(store: FakeStore): void {
  for (const value of Object.values(store)) {
    if (value instanceof Map) value.clear();
    else if (Array.isArray(value)) value.length = 0;
  }
}

/** Looks any stored object up by id, for `expand` and for events. */
export function findById(store: FakeStore, id: string): object | undefined {
  const prefix = id.startsWith('cs_') ? 'cs' : id.split('_')[0];
  const maps: Record<string, Map<string, object>> = {
    cus: store.customers,
    prod: store.products,
    price: store.prices,
    pm: store.paymentMethods,
    pi: store.paymentIntents,
    seti: store.setupIntents,
    ch: store.charges,
    re: store.refunds,
    sub: store.subscriptions,
    in: store.invoices,
    cs: store.sessions,
    evt: store.eventsById,
    clock: store.testClocks,
  };
  return maps[prefix ?? '']?.get(id);
}
