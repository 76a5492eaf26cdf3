/** Grants, removals, revokes and the ledger through the deployed shape (Hosting → function, real tokens). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, countDocs, newCustomer, seed, signIn, store } from './support';

let admin: string;
beforeAll(async () => {
  admin = (await signIn(seed.admin.email, seed.admin.password)).token;
});
afterAll(async () => {
  await store().close();
});

/** What these tests read of the answers (the unit tests check the full shapes). */
interface Body {
  message: string;
  error: { code: string; message: string };
  purchase: { purchase_id: number; total_payment: number };
  available_classes: Array<{ expiration_date: string | null; initial_classes: number; class_package_id: number | null }>;
  customer: { has_unlimited: boolean; unlimited_membership_expiration: string | null };
  entries: Array<{ kind: string; delta: number }>;
  balance: { ledger_total: number; lots_total: number };
  videos: Array<{ video_id: number; name: string }>;
  video: { video_id: number; name: string };
  page_size: number;
}
const counts = async () => Promise.all(['purchases', 'available_classes', 'credit_ledger', 'counters'].map((c) => countDocs(c)));

describe('access grants through the API', () => {
  it('grants, shows, removes and revokes, every change explained by the ledger', async () => {
    const customer = await newCustomer();
    const granted = await api<Body>('POST', '/api/customer/giveAccess', {
      token: admin,
      body: { customer_id: customer.customerId, class_package_id: 4, is_gift: false, payment_method_id: 2, bill: false },
    });
    expect(granted.status).toBe(201);
    expect(granted.body.message).toBe('¡Acceso agregado!');
    expect(granted.body.purchase).toMatchObject({ status: 'completed', total_payment: 1700, payment_method: 'Efectivo', source: 'admin' });

    const own = await api<Body>('GET', '/api/available_classes', { token: customer.token });
    expect(own.body.available_classes).toEqual([expect.objectContaining({ available_classes: 10, usable: true })]);

    const removed = await api<Body>('PUT', '/api/customer/removeClasses', { token: admin, body: { customer_id: customer.customerId, amount: 3 } });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: '¡Clases Restadas!', removed: 3, available: 7 });

    const before = await counts();
    const tooMany = await api<Body>('PUT', '/api/customer/removeClasses', { token: admin, body: { customer_id: customer.customerId, amount: 20 } });
    expect(tooMany.status).toBe(412);
    expect(tooMany.body.error.message).toBe('No se pueden restar 20: el cliente solo tiene 7 clases disponibles.');
    expect(await counts()).toEqual(before);

    const revoked = await api<Body>('PUT', '/api/customer/revokeAccess', { token: admin, body: { purchase_id: granted.body.purchase.purchase_id } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe('¡Acceso eliminado!');
    const again = await api<Body>('PUT', '/api/customer/revokeAccess', { token: admin, body: { purchase_id: granted.body.purchase.purchase_id } });
    expect(again.status).toBe(409);

    const ledger = await api<Body>('GET', `/api/customer/admin/${customer.customerId}/ledger`, { token: admin });
    expect(ledger.body.entries.map((e: Body['entries'][number]) => [e.kind, e.delta])).toEqual([
      ['revoke', -7],
      ['remove', -3],
      ['grant', 10],
    ]);
    expect(ledger.body.balance).toMatchObject({ available_classes: 0, ledger_total: 0, lots_total: 0 });
    expect((await api<Body>('GET', '/api/available_classes', { token: customer.token })).body.available_classes).toEqual([]);
  });

  it('marks an unlimited grant on the customer and clears it on revoke', async () => {
    const customer = await newCustomer();
    const granted = await api<Body>('POST', '/api/customer/giveAccess', {
      token: admin,
      body: { customer_id: customer.customerId, class_package_id: 5, is_gift: true, payment_method_id: null, package_days: 7 },
    });
    expect(granted.status).toBe(201);
    expect(granted.body.purchase.total_payment).toBe(0);
    const me = await api<Body>('GET', '/api/customer', { token: customer.token });
    expect(me.body.customer.has_unlimited).toBe(true);
    expect(me.body.customer.unlimited_membership_expiration).toBe(granted.body.available_classes[0]?.expiration_date);
    await api('PUT', '/api/customer/revokeAccess', { token: admin, body: { purchase_id: granted.body.purchase.purchase_id } });
    expect((await api<Body>('GET', '/api/customer', { token: customer.token })).body.customer).toMatchObject({
      has_unlimited: false,
      unlimited_membership_expiration: null,
    });
  });

  // Each simultaneous request may start a new function worker, which takes seconds on a loaded machine: the api project's 120 s hang guard applies.
  it('never drives a balance negative under concurrent removals', async () => {
    const customer = await newCustomer();
    await api('POST', '/api/customer/giveAccess', {
      token: admin,
      body: { customer_id: customer.customerId, class_package_id: 3, payment_method_id: 1, package_days: 30 },
    });
    await api('PUT', '/api/customer/removeClasses', { token: admin, body: { customer_id: customer.customerId, amount: 1 } });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => api<Body>('PUT', '/api/customer/removeClasses', { token: admin, body: { customer_id: customer.customerId, amount: 1 } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    expect(results.filter((r) => r.status === 412)).toHaveLength(2);
    const ledger = await api<Body>('GET', `/api/customer/admin/${customer.customerId}/ledger`, { token: admin });
    expect(ledger.body.balance).toMatchObject({ available_classes: 0, ledger_total: 0, lots_total: 0 });
    expect(ledger.body.entries.filter((e: Body['entries'][number]) => e.kind === 'remove')).toHaveLength(5);
  });

  it('refuses bad grants in Spanish without writing', async () => {
    const customer = await newCustomer();
    const before = await counts();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ customer_id: customer.customerId, class_package_id: 4 }, 400, 'No has seleccionado un método de pago.'],
      [{ customer_id: customer.customerId, class_package_id: 4, payment_method_id: 1, package_days: 99999 }, 400, 'Debe ser un número entero entre 0 y 3650.'],
      [{ customer_id: customer.customerId, class_package_id: 999, payment_method_id: 1 }, 404, 'No encontramos el paquete.'],
      [{ customer_id: 999999, class_package_id: 4, payment_method_id: 1 }, 404, 'No encontramos al cliente.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await api<Body>('POST', '/api/customer/giveAccess', { token: admin, body });
      expect(response.status).toBe(status);
      expect(JSON.stringify(response.body.error)).toContain(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('explains the demo customer Ana: 7 of 10 classes left', async () => {
    const ledger = await api<Body>('GET', '/api/customer/admin/2/ledger', { token: admin });
    expect(ledger.status).toBe(200);
    expect(ledger.body.balance.ledger_total).toBe(ledger.body.balance.lots_total);
    const ana = await signIn(seed.ana.email, seed.ana.password);
    const own = await api<Body>('GET', '/api/available_classes', { token: ana.token });
    expect(own.body.available_classes).toEqual(expect.arrayContaining([expect.objectContaining({ initial_classes: 10, class_package_id: 4 })]));
  });
});
