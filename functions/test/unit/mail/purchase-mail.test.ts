/**
 * The purchase and payment e-mails (docs/mail "Purchases and payments"): the
 * checkout writes through the in-process app, and the trigger handlers are
 * called with the change events Firestore (or the local dispatcher) would
 * deliver: one e-mail per invoice, and per purchase event without one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailDoc } from '../../../src/data/repos/mail-repo';
import type { DocumentChangeEvent, DocumentSnapshot } from '../../../src/data/store/types';
import type { MailDeps } from '../../../src/services/mail/booking-mail';
import { mailOnInvoiceChange, mailOnPurchaseChange } from '../../../src/services/mail/purchase-mail';
import { lapseUnpaidPurchases } from '../../../src/services/purchases/end-cash-purchase';
import { mailOnInvoiceTrigger, mailOnPurchaseTrigger } from '../../../src/triggers/mail-on-payment';
import { documentTriggers } from '../../../src/triggers/registry';
import { adminToken, http, packages, seedAccessFixtures, T0, tokenOf } from '../access/access-fixtures';
import { type TestEnv, testEnv } from '../support';

let env: TestEnv;
let deps: MailDeps;
beforeEach(async () => {
  env = testEnv();
  env.clock.now = new Date(T0);
  deps = { store: env.store, now: env.deps.now, projectId: 'demo-studio' };
  await seedAccessFixtures(env.store);
  await env.store.doc('app_config/main').set({ values: { business_name: 'Estudio Latido', cash_instructions: 'Paga en recepción.' } }, { merge: true });
});
afterEach(async () => {
  await env.cleanup();
});

const HOUR = 3_600_000;
const change = (before: DocumentSnapshot | null, after: DocumentSnapshot | null): DocumentChangeEvent => ({
  eventId: `e-${Math.random()}`,
  params: {},
  before,
  after,
  time: env.deps.now(),
});
const existing = (s: DocumentSnapshot) => (s.exists ? s : null);
const mails = async () => (await env.store.collection('mail').get()).docs.map((d) => ({ id: d.id, ...(d.data() as unknown as MailDoc) }));
const purchaseSnap = (id: number) => env.store.doc(`purchases/${id}`).get();

async function cashPurchase(uid = 'ana') {
  const response = await http(env)
    .post('/api/checkout/attempt')
    .set('authorization', tokenOf(uid))
    .send({ class_package_id: packages.tenClasses.class_package_id, payment_method: 'cash' });
  expect(response.status).toBe(201);
  return response.body.purchase_id as number;
}

describe('purchase and payment e-mails', () => {
  it('are two deployed triggers, on invoices and purchases', () => {
    expect(documentTriggers).toContain(mailOnInvoiceTrigger);
    expect(documentTriggers).toContain(mailOnPurchaseTrigger);
    expect([mailOnInvoiceTrigger.document, mailOnPurchaseTrigger.document]).toEqual(['invoices/{invoiceId}', 'purchases/{purchaseId}']);
  });

  it('a cash purchase: how and by when to pay, once however often the event comes', async () => {
    const id = await cashPurchase();
    const created = change(null, existing(await purchaseSnap(id)));
    await mailOnPurchaseChange(deps, created);
    await mailOnPurchaseChange(deps, created);
    const [mail, ...rest] = await mails();
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ id: `purchase-${id}-cash-pending`, to: 'ana@example.com', kind: 'cash-pending', customer_id: 2 });
    expect(mail?.message.subject).toBe(`Completa tu compra en Estudio Latido: Orden #00${id}`);
    // pay_by is 48 hours later, in the studio's zone (Mexico City: 22 Nov 18:00Z + 48 h = 24 Nov 12:00).
    expect(mail?.message.text).toContain('antes del 24 de noviembre de 2026, 12:00 h');
    expect(mail?.message.text).toContain('Cómo pagar: Paga en recepción.');
    expect(mail?.message.text).toContain('$1,700');
  });

  it('the confirmation writes an invoice, and the invoice its receipt; a customer without an address gets none', async () => {
    const id = await cashPurchase();
    expect((await http(env).put(`/api/purchases/${id}/confirm`).set('authorization', adminToken).send({})).status).toBe(200);
    const invoice = (await env.store.collection('invoices').get()).docs[0] as DocumentSnapshot;
    await mailOnInvoiceChange(deps, change(null, invoice));
    const receipt = (await mails()).find((mail) => mail.id === `invoice-${invoice.get('invoice_id')}`);
    expect(receipt).toMatchObject({ kind: 'purchase-paid', reference: { type: 'invoice', id: invoice.get('invoice_id') } });
    expect(receipt?.message.subject).toBe(`Recibo de tu compra en Estudio Latido: Orden #00${id}`);
    expect(receipt?.message.html).toContain('Paquete 10 Clases');

    await env.store.doc('customers/ana').set({ email: '' }, { merge: true });
    await env.store.doc('mail/' + `invoice-${invoice.get('invoice_id')}`).delete();
    await mailOnInvoiceChange(deps, change(null, invoice));
    expect(await mails()).toHaveLength(0);
  });

  it('a renewal that could not be charged says so; a paid one is a receipt', async () => {
    const base = {
      purchase_id: 70,
      customer_id: 2,
      uid: 'ana',
      class_package: {},
      title: 'Ilimitado Mensual',
      billing_reason: 'renewal',
      checkout_method: 'card',
      payment_method: 'Tarjeta',
      provider_ref: 'in_1',
      recorded_by: null,
      createdAt: T0,
    };
    await env.store.doc('invoices/501').set({ ...base, invoice_id: 501, total_payment: 2400, status: 'failed' });
    await env.store.doc('invoices/502').set({ ...base, invoice_id: 502, total_payment: 2400, status: 'completed' });
    await mailOnInvoiceChange(deps, change(null, await env.store.doc('invoices/501').get()));
    await mailOnInvoiceChange(deps, change(null, await env.store.doc('invoices/502').get()));
    const byId = new Map((await mails()).map((mail) => [mail.id, mail]));
    expect(byId.get('invoice-501')).toMatchObject({ kind: 'renewal-failed', message: { subject: 'No pudimos cobrar tu suscripción: Ilimitado Mensual' } });
    expect(byId.get('invoice-501')?.message.text).toContain('Métodos de pago');
    expect(byId.get('invoice-502')).toMatchObject({
      kind: 'renewal-paid',
      message: { subject: 'Recibo de tu suscripción en Estudio Latido: Ilimitado Mensual' },
    });
  });

  it('cash that never came: the cancellation, with its reason; edits that change nothing send nothing', async () => {
    const id = await cashPurchase();
    const pending = await purchaseSnap(id);
    await mailOnPurchaseChange(deps, change(pending, pending));
    expect(await mails()).toEqual([]);
    env.clock.now = new Date(T0.getTime() + 49 * HOUR);
    await lapseUnpaidPurchases(env.deps, env.clock.now);
    await mailOnPurchaseChange(deps, change(pending, await purchaseSnap(id)));
    const [mail] = await mails();
    expect(mail).toMatchObject({ id: `purchase-${id}-cash-cancelled`, kind: 'purchase-cancelled' });
    expect(mail?.message.text).toContain('Motivo: El plazo para pagar en efectivo venció.');
  });

  it('a free trial that starts: when the first charge comes and how much', async () => {
    const id = await cashPurchase();
    const before = await purchaseSnap(id);
    await env.store.doc(`purchases/${id}`).set(
      {
        status: 'active',
        checkout_method: 'card',
        class_package: { ...(before.get('class_package') as object), is_trial: true },
        first_charge_at: new Date('2026-11-29T18:00:00Z'),
        first_charge_amount: 1200,
      },
      { merge: true },
    );
    await mailOnPurchaseChange(deps, change(before, await purchaseSnap(id)));
    const [mail] = await mails();
    expect(mail).toMatchObject({ id: `purchase-${id}-trial-started`, kind: 'trial-started' });
    expect(mail?.message.text).toContain('El primer cargo, de $1,200');
    expect(mail?.message.text).toContain('29 de noviembre de 2026, 12:00 h');
  });

  it('an OXXO voucher: its reference, amount, deadline and link, exactly one e-mail per voucher', async () => {
    const id = await cashPurchase();
    await env.store.doc(`purchases/${id}`).set({ checkout_method: 'oxxo', payment_method: 'OXXO', pay_by: null, payment_instructions: null }, { merge: true });
    const placed = await purchaseSnap(id);
    const voucher = { reference: '98765432109876543210', expires_at: new Date('2026-11-26T05:59:59Z'), voucher_url: 'https://payments.stripe.test/oxxo/v/1' };
    await env.store.doc(`purchases/${id}`).set({ oxxo_voucher: voucher }, { merge: true });
    const issued = change(placed, await purchaseSnap(id));
    await mailOnPurchaseChange(deps, issued);
    await mailOnPurchaseChange(deps, issued);
    // A later write that keeps the same voucher (another event) sends nothing more.
    const withVoucher = await purchaseSnap(id);
    await env.store.doc(`purchases/${id}`).set({ payment_error: 'x' }, { merge: true });
    await mailOnPurchaseChange(deps, change(withVoucher, await purchaseSnap(id)));
    const [mail, ...rest] = await mails();
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ id: `purchase-${id}-oxxo-98765432109876543210`, kind: 'oxxo-voucher', to: 'ana@example.com' });
    expect(mail?.message.subject).toBe(`Tu ficha OXXO para completar tu compra en Estudio Latido: Orden #00${id}`);
    expect(mail?.message.text).toContain(
      'paga $1,700 MXN en efectivo en cualquier tienda OXXO antes del 25 de noviembre de 2026, 23:59 h con la referencia 98765432109876543210',
    );
    expect(mail?.message.text).toContain('Ver e imprimir tu ficha: https://payments.stripe.test/oxxo/v/1');
    // A voucher issued again (a new reference) is its own e-mail.
    const old = await purchaseSnap(id);
    await env.store.doc(`purchases/${id}`).set({ oxxo_voucher: { ...voucher, reference: '11112222333344445555' } }, { merge: true });
    await mailOnPurchaseChange(deps, change(old, await purchaseSnap(id)));
    expect((await mails()).map((m) => m.id).sort()).toEqual([`purchase-${id}-oxxo-11112222333344445555`, `purchase-${id}-oxxo-98765432109876543210`]);
  });
});
