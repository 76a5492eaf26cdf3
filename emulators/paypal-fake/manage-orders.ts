/**
 * Orders v2 with intent CAPTURE: created by the server, approved by the buyer
 * (approval page or /_control), captured by the server. Capturing settles
 * each purchase unit at once (no pending captures in the fake).
 */
import { type FakeContext, link } from './fake-context';
import { captureId, nowIso, orderId, payerId } from './make-ids';
import { invalidRequest, resourceNotFound, unprocessable } from './paypal-errors';
import type { Payer, PayPalCapture, PayPalOrder, PurchaseUnit, ReturnUrls } from './paypal-shapes';
import { type JsonObject, listAt, money, moneyAt, objectAt, oneOfAt, textAt, toCents } from './read-fields';

const MERCHANT = { email_address: 'estudio-facilitator@example.com', merchant_id: 'FAKEMERCHANT1' };

/** PayPal México's standard domestic rate (3.95 % + 4.00 MXN), so net amounts look like real ones. */
export function paypalFeeCents(grossCents: number): number {
  return Math.round(grossCents * 0.0395) + 400;
}

export function testBuyer(email = 'comprador@example.com'): Payer {
  return { name: { given_name: 'Comprador', surname: 'De Prueba' }, email_address: email, payer_id: payerId(), address: { country_code: 'MX' } };
}

export function getOrder(context: FakeContext, id: string): PayPalOrder {
  const order = context.store.orders.get(id);
  if (!order) throw resourceNotFound(id, 'order_id');
  return order;
}

function readPurchaseUnit(unit: JsonObject, index: number): PurchaseUnit {
  const pointer = `/purchase_units/${index}`;
  const amount = moneyAt(unit, 'amount', pointer, { required: true, allowZero: false });
  const text = (key: string, max: number) => textAt(unit, key, pointer, { required: false, max });
  const optional = (key: string, value: string | undefined) => (value === undefined ? {} : { [key]: value });
  return {
    reference_id: text('reference_id', 256) ?? 'default',
    amount: amount ?? { currency_code: 'MXN', value: '0.00' },
    payee: { ...MERCHANT },
    ...optional('custom_id', text('custom_id', 127)),
    ...optional('invoice_id', text('invoice_id', 127)),
    ...optional('description', text('description', 127)),
    ...optional('soft_descriptor', text('soft_descriptor', 22)),
  };
}

/** Return URLs come from payment_source.paypal.experience_context, or the older application_context. */
function returnUrlsOf(body: JsonObject): ReturnUrls {
  const source = objectAt(body, 'payment_source', '', false);
  const paypal = source ? objectAt(source, 'paypal', '/payment_source', false) : undefined;
  const experience = paypal ? objectAt(paypal, 'experience_context', '/payment_source/paypal', false) : undefined;
  const legacy = objectAt(body, 'application_context', '', false);
  const url = (key: string): string | null => {
    const value =
      (experience && textAt(experience, key, '/payment_source/paypal/experience_context', { required: false, max: 4000 })) ??
      (legacy && textAt(legacy, key, '/application_context', { required: false, max: 4000 }));
    if (value === undefined) return null;
    if (!/^https?:\/\//.test(value))
      throw invalidRequest(`/application_context/${key}`, 'INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.', value);
    return value;
  };
  return { returnUrl: url('return_url'), cancelUrl: url('cancel_url') };
}

export function createOrder(context: FakeContext, body: JsonObject): PayPalOrder {
  oneOfAt(body, 'intent', '', ['CAPTURE'] as const);
  const units = listAt(body, 'purchase_units', '');
  if (units.length === 0 || units.length > 10) {
    throw invalidRequest('/purchase_units', 'INVALID_ARRAY_LENGTH', 'The number of items in an array parameter is not valid (1 to 10).');
  }
  const purchaseUnits = units.map(readPurchaseUnit);
  if (new Set(purchaseUnits.map((unit) => unit.reference_id)).size !== purchaseUnits.length) {
    throw invalidRequest('/purchase_units', 'DUPLICATE_REFERENCE_ID', '`reference_id` must be unique if multiple purchase_unit are provided.');
  }
  const urls = returnUrlsOf(body);
  const id = orderId();
  const now = nowIso(context);
  const order: PayPalOrder = {
    id,
    intent: 'CAPTURE',
    status: 'CREATED',
    purchase_units: purchaseUnits,
    create_time: now,
    update_time: now,
    links: [
      link(context, `/v2/checkout/orders/${id}`, 'self'),
      link(context, `/checkoutnow?token=${id}`, 'approve'),
      link(context, `/v2/checkout/orders/${id}`, 'update', 'PATCH'),
      link(context, `/v2/checkout/orders/${id}/capture`, 'capture', 'POST'),
    ],
  };
  context.store.orders.set(id, order);
  context.store.orderPrivate.set(id, urls);
  return order;
}

/** The buyer approves at PayPal. Approving again is harmless (a double click); a captured order cannot be approved. */
export function approveOrder(context: FakeContext, order: PayPalOrder, buyer: Payer = testBuyer()): PayPalOrder {
  if (order.status === 'APPROVED') return order;
  if (order.status === 'COMPLETED')
    throw unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.");
  order.status = 'APPROVED';
  order.payer = buyer;
  order.payment_source = { paypal: { email_address: buyer.email_address, account_id: buyer.payer_id, account_status: 'VERIFIED', name: buyer.name } };
  order.update_time = nowIso(context);
  order.links = order.links.filter((one) => one.rel !== 'approve');
  context.webhooks.emit({
    type: 'CHECKOUT.ORDER.APPROVED',
    resourceType: 'checkout-order',
    resourceVersion: '2.0',
    summary: 'An order has been approved by buyer',
    resource: order,
  });
  return order;
}

function captureUnit(context: FakeContext, order: PayPalOrder, unit: PurchaseUnit): PayPalCapture {
  const id = captureId();
  const now = nowIso(context);
  const gross = toCents(unit.amount.value);
  const fee = Math.min(gross, paypalFeeCents(gross));
  const currency = unit.amount.currency_code;
  const capture: PayPalCapture = {
    id,
    status: 'COMPLETED',
    amount: { ...unit.amount },
    final_capture: true,
    seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
    seller_receivable_breakdown: { gross_amount: { ...unit.amount }, paypal_fee: money(currency, fee), net_amount: money(currency, gross - fee) },
    ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
    ...(unit.invoice_id === undefined ? {} : { invoice_id: unit.invoice_id }),
    supplementary_data: { related_ids: { order_id: order.id } },
    create_time: now,
    update_time: now,
    links: [
      link(context, `/v2/payments/captures/${id}`, 'self'),
      link(context, `/v2/payments/captures/${id}/refund`, 'refund', 'POST'),
      link(context, `/v2/checkout/orders/${order.id}`, 'up'),
    ],
  };
  unit.payments = { captures: [capture] };
  context.store.captures.set(id, capture);
  return capture;
}

export function captureOrder(context: FakeContext, order: PayPalOrder): PayPalOrder {
  if (order.status === 'COMPLETED')
    throw unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.");
  if (order.status !== 'APPROVED') {
    throw unprocessable(
      'ORDER_NOT_APPROVED',
      "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
    );
  }
  // PayPal refuses to take the same invoice id twice for one merchant: a guard against paying one booking twice.
  const taken = new Set([...context.store.captures.values()].map((capture) => capture.invoice_id).filter((id) => id !== undefined));
  if (order.purchase_units.some((unit) => unit.invoice_id !== undefined && taken.has(unit.invoice_id))) {
    throw unprocessable(
      'DUPLICATE_INVOICE_ID',
      'Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.',
    );
  }
  const captures = order.purchase_units.map((unit) => captureUnit(context, order, unit));
  order.status = 'COMPLETED';
  order.update_time = nowIso(context);
  order.links = order.links.filter((one) => one.rel === 'self');
  for (const capture of captures) {
    const summary = `Payment completed for ${capture.amount.value} ${capture.amount.currency_code}`;
    context.webhooks.emit({ type: 'PAYMENT.CAPTURE.COMPLETED', resourceType: 'capture', resourceVersion: '2.0', summary, resource: capture });
  }
  return order;
}
