import { type FakeContext } from './fake-context';
import { newId, nowSeconds } from './make-ids';
import { asObject, asString, type FormObject, mergeMetadata } from './parse-form';
import { invalidRequest, resourceMissing } from './stripe-errors';
import type { FakeCustomer } from './stripe-shapes';

export function getCustomer(context: FakeContext, id: string, param = 'id'): FakeCustomer {
  const customer = context.store.customers.get(id);
  if (!customer) throw resourceMissing(id, param);
  return customer;
}

/** A customer made under one of Stripe's test clocks (only when created, as at Stripe). */
function testClockOf(context: FakeContext, id: string | undefined): string | null {
  if (!id) return null;
  if (!context.store.testClocks.has(id)) throw resourceMissing(id, 'test_clock');
  return id;
}

function applyCustomerParams(context: FakeContext, customer: FakeCustomer, params: FormObject): void {
  for (const field of ['email', 'name', 'phone', 'description'] as const) {
    const value = asString(params[field]);
    if (value !== undefined) customer[field] = value === '' ? null : value;
  }
  customer.metadata = mergeMetadata(customer.metadata, params.metadata);
  const defaultPaymentMethod = asString(asObject(params.invoice_settings).default_payment_method);
  if (defaultPaymentMethod !== undefined) {
    if (defaultPaymentMethod !== '') {
      const paymentMethod = context.store.paymentMethods.get(defaultPaymentMethod);
      if (!paymentMethod) throw resourceMissing(defaultPaymentMethod, 'invoice_settings[default_payment_method]');
      if (paymentMethod.customer !== customer.id) {
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${defaultPaymentMethod}. The payment method must be attached to the customer.`,
          'invoice_settings[default_payment_method]',
        );
      }
    }
    customer.invoice_settings.default_payment_method = defaultPaymentMethod === '' ? null : defaultPaymentMethod;
  }
}

export function createCustomer(context: FakeContext, params: FormObject): FakeCustomer {
  const customer: FakeCustomer = {
    id: newId('cus'),
    object: 'customer',
    balance: 0,
    created: nowSeconds(context),
    default_source: null,
    description: null,
    email: null,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: {},
    name: null,
    phone: null,
    shipping: null,
    // One of Stripe's test clocks (the fake has one time for all: manage-test-clocks.ts).
    test_clock: testClockOf(context, asString(params.test_clock)),
  };
  context.store.customers.set(customer.id, customer);
  applyCustomerParams(context, customer, params);
  return customer;
}

export function updateCustomer(context: FakeContext, id: string, params: FormObject): FakeCustomer {
  const customer = getCustomer(context, id);
  applyCustomerParams(context, customer, params);
  return customer;
}
