import type { Fault } from './inject-faults';
import type {
  EventDelivery,
  PayPalCapture,
  PayPalEvent,
  PayPalOrder,
  PayPalPlan,
  PayPalProduct,
  PayPalRefund,
  PayPalSale,
  PayPalSubscription,
  ReturnUrls,
  SubscriptionPrivate,
} from './paypal-shapes';

export interface StoredResponse {
  status: number;
  body: string;
}

/** The exact headers and body of one webhook delivery, which verify-webhook-signature checks a claim against. */
export interface Transmission {
  eventId: string;
  body: string;
  time: string;
  signature: string;
  certUrl: string;
}

/** Everything the fake knows, in memory; `resetStore` empties it in place so modules can keep their reference. */
export interface FakeStore {
  orders: Map<string, PayPalOrder>;
  orderPrivate: Map<string, ReturnUrls>;
  /** Capture id → the capture, the same object the order lists, so refunds show in both. */
  captures: Map<string, PayPalCapture>;
  refunds: Map<string, PayPalRefund>;
  products: Map<string, PayPalProduct>;
  plans: Map<string, PayPalPlan>;
  subscriptions: Map<string, PayPalSubscription>;
  subscriptionPrivate: Map<string, SubscriptionPrivate>;
  /** Approval token (ba_token) → subscription id. */
  subscriptionOfToken: Map<string, string>;
  sales: Map<string, PayPalSale>;
  /** Sale id → whether it paid a subscription's first cycle at approval ('payment') or a later billing date ('renewal'). */
  saleKinds: Map<string, 'payment' | 'renewal'>;
  /** Refund ids that are chargebacks (reverseCapture), not refunds. */
  reversals: Map<string, string>;
  events: PayPalEvent[];
  eventsById: Map<string, PayPalEvent>;
  deliveries: Map<string, EventDelivery[]>;
  transmissions: Map<string, Transmission>;
  idempotency: Map<string, StoredResponse>;
  /** Errors the next calls to a path answer (/_control/faults). */
  faults: Fault[];
}

export function createStore(): FakeStore {
  return {
    orders: new Map(),
    orderPrivate: new Map(),
    captures: new Map(),
    refunds: new Map(),
    products: new Map(),
    plans: new Map(),
    subscriptions: new Map(),
    subscriptionPrivate: new Map(),
    subscriptionOfToken: new Map(),
    sales: new Map(),
    saleKinds: new Map(),
    reversals: new Map(),
    events: [],
    eventsById: new Map(),
    deliveries: new Map(),
    transmissions: new Map(),
    idempotency: new Map(),
    faults: [],
  };
}

export function resetStore(store: FakeStore): void {
  for (const value of Object.values(store)) {
    if (value instanceof Map) value.clear();
    else if (Array.isArray(value)) value.length = 0;
  }
}
