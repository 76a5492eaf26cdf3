import { type FakeStore, findById } from './fake-store';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields Stripe leaves out unless asked for by `expand` (they are not ids to resolve). */
function includable(store: FakeStore, owner: Record<string, unknown>, field: string): unknown {
  if (owner.object === 'invoice' && (field === 'confirmation_secret' || field === 'payments')) {
    return store.invoiceIncludables.get(String(owner.id))?.[field];
  }
  if (owner.object === 'checkout.session' && field === 'line_items') {
    const lines = store.sessionPrivate.get(String(owner.id))?.lines ?? [];
    return {
      object: 'list',
      has_more: false,
      url: `/v1/checkout/sessions/${String(owner.id)}/line_items`,
      data: lines.map((line, index) => ({
        id: `li_${String(owner.id).slice(-12)}${index}`,
        object: 'item',
        amount_subtotal: (line.price.unit_amount ?? 0) * line.quantity,
        amount_total: (line.price.unit_amount ?? 0) * line.quantity,
        currency: line.price.currency,
        description: line.description,
        price: line.price,
        quantity: line.quantity,
      })),
    };
  }
  return undefined;
}

function expandPath(store: FakeStore, value: unknown, segments: string[]): unknown {
  const [head, ...rest] = segments;
  if (head === undefined || !isRecord(value)) return value;
  if (value.object === 'list' && head === 'data' && Array.isArray(value.data)) {
    return { ...value, data: value.data.map((item) => expandPath(store, item, rest)) };
  }
  let child = value[head];
  if (typeof child === 'string') child = findById(store, child) ?? child;
  else if (child === undefined) child = includable(store, value, head);
  if (child === undefined) return value;
  return { ...value, [head]: expandPath(store, child, rest) };
}

/** Applies `expand[]` paths (`latest_invoice.confirmation_secret`, `data.customer`, …) to a response object without touching the store. */
export function expandObject(store: FakeStore, value: object, paths: string[]): object {
  let result: unknown = value;
  for (const path of paths) result = expandPath(store, result, path.split('.'));
  return result as object;
}
