/** Payments v2: reading captures and refunding them, fully or in parts; and v1's refund of a subscription's sale (whole only). */
import { type FakeContext, link } from './fake-context';
import { nowIso, refundId } from './make-ids';
import { invalidRequest, resourceNotFound, unprocessable } from './paypal-errors';
import type { PayPalCapture, PayPalRefund, PayPalSale, PayPalSaleRefund, PurchaseUnit } from './paypal-shapes';
import { type JsonObject, money, moneyAt, textAt, toCents } from './read-fields';

export function getCapture(context: FakeContext, id: string): PayPalCapture {
  const capture = context.store.captures.get(id);
  if (!capture) throw resourceNotFound(id, 'capture_id');
  return capture;
}

export function getRefund(context: FakeContext, id: string): PayPalRefund {
  const refund = context.store.refunds.get(id);
  if (!refund) throw resourceNotFound(id, 'refund_id');
  return refund;
}

function unitOf(context: FakeContext, capture: PayPalCapture): PurchaseUnit | undefined {
  const order = context.store.orders.get(capture.supplementary_data.related_ids.order_id);
  return order?.purchase_units.find((unit) => unit.payments?.captures.includes(capture));
}

/** Without an amount the rest of the capture is refunded. */
export function refundCapture(context: FakeContext, capture: PayPalCapture, body: JsonObject): PayPalRefund {
  const currency = capture.amount.currency_code;
  const unit = unitOf(context, capture);
  const already = (unit?.payments?.refunds ?? []).reduce((sum, refund) => sum + toCents(refund.amount.value), 0);
  const left = toCents(capture.amount.value) - already;
  if (left <= 0) throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
  const requested = moneyAt(body, 'amount', '', { required: false, allowZero: false });
  if (requested && requested.currency_code !== currency) {
    throw invalidRequest('/amount/currency_code', 'CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.', requested.currency_code);
  }
  const cents = requested ? toCents(requested.value) : left;
  if (cents > left)
    throw unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
  const id = refundId();
  const now = nowIso(context);
  const noteToPayer = textAt(body, 'note_to_payer', '', { required: false, max: 255 });
  const refund: PayPalRefund = {
    id,
    status: 'COMPLETED',
    amount: money(currency, cents),
    ...(noteToPayer === undefined ? {} : { note_to_payer: noteToPayer }),
    ...(capture.custom_id === undefined ? {} : { custom_id: capture.custom_id }),
    ...(capture.invoice_id === undefined ? {} : { invoice_id: capture.invoice_id }),
    // PayPal México keeps its fee on refunds: the merchant returns the gross amount.
    seller_payable_breakdown: {
      gross_amount: money(currency, cents),
      paypal_fee: money(currency, 0),
      net_amount: money(currency, cents),
      total_refunded_amount: money(currency, already + cents),
    },
    create_time: now,
    update_time: now,
    links: [link(context, `/v2/payments/refunds/${id}`, 'self'), link(context, `/v2/payments/captures/${capture.id}`, 'up')],
  };
  context.store.refunds.set(id, refund);
  if (unit?.payments) unit.payments.refunds = [...(unit.payments.refunds ?? []), refund];
  capture.status = already + cents === toCents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
  capture.update_time = now;
  context.webhooks.emit({
    type: 'PAYMENT.CAPTURE.REFUNDED',
    resourceType: 'refund',
    resourceVersion: '2.0',
    summary: `A ${refund.amount.value} ${currency} capture payment was refunded`,
    resource: refund,
  });
  return refund;
}

/**
 * A chargeback the buyer won (only their bank does this: a control endpoint):
 * what was left of the capture goes back, announced as
 * PAYMENT.CAPTURE.REVERSED with a refund-shaped resource whose 'up' link is
 * the capture.
 */
export function reverseCapture(context: FakeContext, capture: PayPalCapture): PayPalRefund {
  const currency = capture.amount.currency_code;
  const unit = unitOf(context, capture);
  const already = (unit?.payments?.refunds ?? []).reduce((sum, refund) => sum + toCents(refund.amount.value), 0);
  const left = toCents(capture.amount.value) - already;
  if (left <= 0 || capture.status === 'REVERSED') throw unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded or reversed.');
  const id = refundId();
  const now = nowIso(context);
  const reversal: PayPalRefund = {
    id,
    status: 'COMPLETED',
    amount: money(currency, left),
    ...(capture.custom_id === undefined ? {} : { custom_id: capture.custom_id }),
    seller_payable_breakdown: {
      gross_amount: money(currency, left),
      paypal_fee: money(currency, 0),
      net_amount: money(currency, left),
      total_refunded_amount: money(currency, already + left),
    },
    create_time: now,
    update_time: now,
    links: [link(context, `/v2/payments/refunds/${id}`, 'self'), link(context, `/v2/payments/captures/${capture.id}`, 'up')],
  };
  context.store.refunds.set(id, reversal);
  context.store.reversals.set(id, capture.id);
  if (unit?.payments) unit.payments.refunds = [...(unit.payments.refunds ?? []), reversal];
  capture.status = 'REVERSED';
  capture.update_time = now;
  context.webhooks.emit({
    type: 'PAYMENT.CAPTURE.REVERSED',
    resourceType: 'refund',
    resourceVersion: '2.0',
    summary: `A ${reversal.amount.value} ${currency} capture payment was reversed`,
    resource: reversal,
  });
  return reversal;
}

/** The whole sale goes back; a second refund is PayPal's TRANSACTION_REFUSED. */
export function refundSale(context: FakeContext, sale: PayPalSale): PayPalSaleRefund {
  if (sale.state === 'refunded') throw unprocessable('TRANSACTION_REFUSED', 'The request was refused: the sale has already been refunded.');
  const id = refundId();
  const now = nowIso(context);
  const refund: PayPalSaleRefund = {
    id,
    state: 'completed',
    amount: { total: sale.amount.total, currency: sale.amount.currency },
    sale_id: sale.id,
    billing_agreement_id: sale.billing_agreement_id,
    ...(sale.custom === undefined ? {} : { custom: sale.custom }),
    create_time: now,
    update_time: now,
    links: [link(context, `/v1/payments/refund/${id}`, 'self'), link(context, `/v1/payments/sale/${sale.id}`, 'sale')],
  };
  sale.state = 'refunded';
  sale.update_time = now;
  context.webhooks.emit({
    type: 'PAYMENT.SALE.REFUNDED',
    resourceType: 'refund',
    summary: `A ${refund.amount.total} ${refund.amount.currency} sale payment was refunded`,
    resource: refund,
  });
  return refund;
}
