import type { PaymentSource } from '@studio/shared/schemas/checkout';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCustomer, mockFetch, renderRoutes, setConfig } from '../../../../test/helpers';
import { ModalHost } from '../../../components/modal-host';
import { useAlerts } from '../../../lib/alerts';
import { useSession } from '../../../lib/session';
import { PaymentMethodsScreen } from './payment-methods-screen';

function makeCard(overrides: Partial<PaymentSource> = {}): PaymentSource {
  return {
    payment_source_id: 'pm_4242',
    source_id: 'pm_4242',
    conekta_payment_source_id: 'pm_4242',
    card_type: 'visa',
    last_digits: '4242',
    exp_month: 4,
    exp_year: 2030,
    ...overrides,
  };
}

function renderScreen() {
  return renderRoutes(
    [
      {
        path: '/mystudio/metodos',
        element: (
          <>
            <PaymentMethodsScreen />
            <ModalHost />
          </>
        ),
      },
    ],
    '/mystudio/metodos',
  );
}

/** A fake Stripe.js on window whose card element reports what the test types. */
function fakeStripe(confirmCardSetup = vi.fn().mockResolvedValue({ setupIntent: { status: 'succeeded' } })) {
  let change: ((event: { empty: boolean; complete: boolean }) => void) | null = null;
  const element = {
    mount: vi.fn(),
    destroy: vi.fn(),
    on: vi.fn((type: string, handler: (event: { empty: boolean; complete: boolean }) => void) => {
      if (type === 'change') change = handler;
      return element;
    }),
  };
  const stripe = { elements: () => ({ create: () => element }), confirmCardPayment: vi.fn(), confirmCardSetup, confirmOxxoPayment: vi.fn() };
  vi.stubGlobal(
    'Stripe',
    vi.fn(() => stripe),
  );
  return { element, stripe, type: () => act(() => change?.({ empty: false, complete: true })) };
}

describe('Métodos de Pago', () => {
  beforeEach(() => {
    setConfig({ stripe_public: 'pk_test_123', stripe_js_url: 'https://js.stripe.test/v3/' });
    useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });
    useAlerts.setState({ error: null, success: null });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the saved cards with brand, last digits and expiry; other brands read as the spec fallback', async () => {
    mockFetch((call) =>
      call.url === '/api/payment_sources'
        ? {
            body: {
              payment_sources: [
                makeCard(),
                makeCard({ payment_source_id: 'pm_5555', card_type: 'mastercard', last_digits: '5555', exp_month: 11, exp_year: 2028 }),
                makeCard({ payment_source_id: 'pm_0005', card_type: 'other', last_digits: '0005', exp_month: 1, exp_year: 2027 }),
              ],
            },
          }
        : undefined,
    );
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Métodos de Pago' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Tarjetas guardadas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Visa •••• 4242Vence 04/2030');
    expect(items[1]).toHaveTextContent('Mastercard •••• 5555Vence 11/2028');
    expect(items[2]).toHaveTextContent('American Express •••• 0005Vence 01/2027');
    expect(within(items[0]!).getByRole('button', { name: 'Eliminar la tarjeta Visa terminación 4242' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar tarjeta' })).toBeInTheDocument();
  });

  it('says when there are no saved cards, and hides adding while the studio does not keep cards', async () => {
    setConfig({ payment_sources_enabled: false });
    mockFetch((call) => (call.url === '/api/payment_sources' ? { body: { payment_sources: [] } } : undefined));
    renderScreen();
    expect(await screen.findByText('Aún no tienes tarjetas guardadas.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar tarjeta' })).not.toBeInTheDocument();
  });

  it("adds a card: POST /payment_sources, confirmCardSetup with the element, then the list again and 'Método de pago guardado.'", async () => {
    const user = userEvent.setup();
    const { element, stripe, type } = fakeStripe();
    let cards: PaymentSource[] = [];
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/payment_sources' && call.method === 'GET') return { body: { payment_sources: cards } };
      if (call.url === '/api/payment_sources' && call.method === 'POST') {
        cards = [makeCard()];
        return { status: 201, body: { client_secret: 'seti_1_secret_2', intent: 'setup' } };
      }
      return undefined;
    });
    renderScreen();
    await screen.findByText('Aún no tienes tarjetas guardadas.');

    await user.click(screen.getByRole('button', { name: 'Agregar tarjeta' }));
    expect(screen.getByRole('heading', { name: 'Nueva tarjeta' })).toHaveFocus();
    await vi.waitFor(() => expect(element.mount).toHaveBeenCalled());
    const save = screen.getByRole('button', { name: 'Guardar tarjeta' });
    expect(save).toBeDisabled();
    type();
    await user.click(save);

    const list = await screen.findByRole('list', { name: 'Tarjetas guardadas' });
    expect(within(list).getByText('•••• 4242')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({});
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_2', { payment_method: { card: element } });
    expect(calls.filter((call) => call.method === 'GET' && call.url === '/api/payment_sources')).toHaveLength(2);
    expect(useAlerts.getState().success?.text).toBe('Método de pago guardado.');
    // The form closes and focus goes back to the button that opened it.
    expect(screen.queryByRole('heading', { name: 'Nueva tarjeta' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar tarjeta' })).toHaveFocus();
    expect(element.destroy).toHaveBeenCalled();
  });

  it('shows the card error when Stripe refuses the new card and keeps the form', async () => {
    const user = userEvent.setup();
    const { type } = fakeStripe(
      vi.fn().mockResolvedValue({ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Insufficient funds.' } }),
    );
    mockFetch((call) => {
      if (call.url === '/api/payment_sources' && call.method === 'GET') return { body: { payment_sources: [] } };
      if (call.url === '/api/payment_sources' && call.method === 'POST') return { status: 201, body: { client_secret: 'seti_2_secret', intent: 'setup' } };
      return undefined;
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Agregar tarjeta' }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Guardar tarjeta' })).toBeInTheDocument());
    await vi.waitFor(() => expect(vi.mocked(window.Stripe)).toHaveBeenCalled());
    type();
    await user.click(screen.getByRole('button', { name: 'Guardar tarjeta' }));
    expect(await screen.findByText('Lo sentimos. Tu tarjeta ha sido rechazada por fondos insuficientes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar tarjeta' })).toBeEnabled();
  });

  it("deletes a card after the 'Precaución' confirmation and shows the server's message", async () => {
    const user = userEvent.setup();
    let cards = [makeCard(), makeCard({ payment_source_id: 'pm_5555', card_type: 'mastercard', last_digits: '5555' })];
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/payment_sources' && call.method === 'GET') return { body: { payment_sources: cards } };
      if (call.url === '/api/payment_sources/pm_5555' && call.method === 'DELETE') {
        cards = cards.filter((card) => card.payment_source_id !== 'pm_5555');
        return { body: { message: 'PaymentSource de Pago eliminado con éxito.' } };
      }
      return undefined;
    });
    renderScreen();
    const button = await screen.findByRole('button', { name: 'Eliminar la tarjeta Mastercard terminación 5555' });

    // Declining the confirmation deletes nothing.
    await user.click(button);
    let dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(within(dialog).getByText('¿Seguro que quieres eliminar la tarjeta Mastercard terminación 5555?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Eliminar la tarjeta Mastercard terminación 5555' }));
    dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));

    await vi.waitFor(() => expect(screen.queryByText('•••• 5555')).not.toBeInTheDocument());
    expect(screen.getByText('•••• 4242')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/payment_sources/pm_5555']);
    expect(useAlerts.getState().success?.text).toBe('PaymentSource de Pago eliminado con éxito.');
    expect(screen.getByRole('heading', { level: 1, name: 'Métodos de Pago' })).toHaveFocus();
  });

  it("says 'Hubo un error al agregar este método de pago.' when a delete fails", async () => {
    const user = userEvent.setup();
    mockFetch((call) => {
      if (call.url === '/api/payment_sources' && call.method === 'GET') return { body: { payment_sources: [makeCard()] } };
      if (call.method === 'DELETE') return { status: 500, body: { error: { code: 'internal', message: 'Lo sentimos, ocurrió un error en el servidor.' } } };
      return undefined;
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Eliminar la tarjeta Visa terminación 4242' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Precaución' })).getByRole('button', { name: 'Aceptar' }));
    const message = await screen.findByText('Hubo un error al agregar este método de pago.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByText('•••• 4242')).toBeInTheDocument();
  });

  it('a card that pays a subscription says so; deleting it moves the renewals to the other card the confirmation names', async () => {
    const user = userEvent.setup();
    let cards = [
      makeCard({ pays_subscriptions: [{ purchase_id: 9, title: 'Ilimitado Mensual' }] }),
      makeCard({ payment_source_id: 'pm_5555', card_type: 'mastercard', last_digits: '5555' }),
    ];
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/payment_sources' && call.method === 'GET') return { body: { payment_sources: cards } };
      if (call.method === 'DELETE') {
        cards = [makeCard({ payment_source_id: 'pm_5555', card_type: 'mastercard', last_digits: '5555' })];
        return { body: { message: 'PaymentSource de Pago eliminado con éxito.' } };
      }
      return undefined;
    });
    renderScreen();
    expect(await screen.findByText('Paga tu suscripción «Ilimitado Mensual».')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Eliminar la tarjeta Visa terminación 4242' }));
    const dialog = await screen.findByRole('dialog', { name: 'Precaución' });
    expect(
      within(dialog).getByText(
        'Esta tarjeta paga tu suscripción «Ilimitado Mensual». Si la eliminas, las próximas renovaciones se cobrarán a tu Mastercard •••• 5555. ¿Eliminarla?',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await vi.waitFor(() => expect(screen.queryByText('•••• 4242')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/payment_sources/pm_4242?replacement=pm_5555']);
  });

  it('the only card paying a subscription is not deleted: the customer is told to add another first', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch((call) => {
      if (call.url === '/api/payment_sources' && call.method === 'GET')
        return { body: { payment_sources: [makeCard({ pays_subscriptions: [{ purchase_id: 9, title: 'Ilimitado Mensual' }] })] } };
      return undefined;
    });
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Eliminar la tarjeta Visa terminación 4242' }));
    const message = await screen.findByText('Esta tarjeta paga tu suscripción «Ilimitado Mensual». Agrega otra tarjeta para cobrarla antes de eliminar esta.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Precaución' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });
});
