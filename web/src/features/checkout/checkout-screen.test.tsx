import { formatStudioDate } from '@studio/shared/format/dates';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import type { CheckoutQuote, PaymentSource } from '@studio/shared/schemas/checkout';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, makeCustomer, makePage, mockFetch, renderRoutes, setConfig } from '../../../test/helpers';
import { ModalHost } from '../../components/modal-host';
import { useSession } from '../../lib/session';
import { CheckoutScreen } from './checkout-screen';
import { makePackage, makeQuote } from './checkout-test-data';
import type { PayPalButtonsOptions } from './payment/paypal-js';

type Methods = Array<'cash' | 'card' | 'oxxo' | 'paypal'>;

interface Api {
  quote?: CheckoutQuote;
  methods?: Methods;
  attempt?: (call: FetchCall) => { status?: number; body?: unknown };
  discount?: (code: string) => { status?: number; body?: unknown };
  /** GET /payment_sources; unanswered (404) when not given, which the checkout treats as no saved cards. */
  paymentSources?: PaymentSource[];
  paypal?: (call: FetchCall) => { status?: number; body?: unknown };
  capture?: (call: FetchCall) => { status?: number; body?: unknown };
}

function attemptAnswer(overrides: Record<string, unknown> = {}) {
  return {
    status: 201,
    body: { message: '¡Compra exitosa!', purchase_id: 31, purchase: {}, quote: makeQuote(), clientSecret: null, intent: null, session: null, ...overrides },
  };
}

function api({ quote = makeQuote(), methods = ['cash', 'card'], attempt = () => attemptAnswer(), discount, paymentSources, paypal, capture }: Api = {}) {
  return mockFetch((call) => {
    if (call.url === '/api/payment_sources' && paymentSources) return { body: { payment_sources: paymentSources } };
    if (call.url.startsWith('/api/class_packages/')) return { body: { class_package: makePackage({ class_package_id: quote.class_package_id }) } };
    if (call.url.startsWith('/api/checkout/quote')) {
      const code = new URL(call.url, 'http://x').searchParams.get('discountCode');
      if (code && discount) return discount(code);
      return { body: { quote, methods } };
    }
    if (call.url === '/api/checkout/attempt' && call.method === 'POST') return attempt(call);
    if (call.url === '/api/checkout/paypal' && call.method === 'POST' && paypal) return paypal(call);
    if (call.url === '/api/checkout/capture' && call.method === 'POST' && capture) return capture(call);
    return undefined;
  });
}

function renderCheckout(id = 2, requiredPages = [] as ReturnType<typeof makePage>[]) {
  return renderRoutes(
    [
      {
        path: '/checkout/:class_package_id',
        element: (
          <>
            <CheckoutScreen requiredPages={requiredPages} />
            <ModalHost />
          </>
        ),
      },
      { path: '/gracias/:id', element: <h1>Orden lista</h1> },
      { path: '/entrar', element: <h1>Entrar</h1> },
    ],
    `/checkout/${id}`,
  );
}

const signIn = () => useSession.setState({ status: 'signed-in', uid: 'uid-login', customer: makeCustomer(), signupPending: false });

describe('checkout', () => {
  beforeEach(() => {
    setConfig({ business_name: 'Estudio Latido' });
    signIn();
  });

  it("shows 'Estás Comprando' and pays in cash by default, then goes to /gracias", async () => {
    const user = userEvent.setup();
    const { calls } = api();
    const { container } = renderCheckout();

    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Clase Suelta' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Estás Comprando' })).toBeInTheDocument();
    expect(screen.getByText('presencial', { selector: 'strong' })).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();

    const methods = await screen.findByRole('group', { name: 'Método de pago' });
    expect(within(methods).getByRole('radio', { name: 'Efectivo' })).toBeChecked();
    expect(within(methods).getByRole('radio', { name: 'Tarjeta' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/checkout/attempt')?.body).toEqual({ class_package_id: 2, payment_method: 'cash' });
  });

  it('sends a click retried after no answer with the same Idempotency-Key, so the server answers it instead of buying twice', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const { calls } = api({
      attempt: () => {
        tries += 1;
        return tries === 1 ? { status: 503, body: { error: { code: 'store/unavailable', message: 'El servicio no está disponible.' } } } : attemptAnswer();
      },
    });
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('El servicio no está disponible.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    const keys = calls.filter((call) => call.url === '/api/checkout/attempt').map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,255}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it("offers a free package with a single 'Obtener Oferta' button and no method", async () => {
    const user = userEvent.setup();
    const { calls } = api({ quote: makeQuote({ list_price: 0, price: 0, total_now: 0, is_free_offer: true }), methods: ['cash'] });
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Obtener Oferta' }));
    expect(screen.queryByRole('group', { name: 'Método de pago' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/checkout/attempt')?.body).toEqual({ class_package_id: 2 });
  });

  it('shows a free trial as $0 today with the first charge date', async () => {
    const firstCharge = '2026-03-15T18:00:00.000Z';
    api({
      quote: makeQuote({
        class_package_id: 7,
        list_price: 2400,
        price: 2400,
        total_now: 0,
        trial: { days: 7, first_charge_at: firstCharge, first_charge_amount: 2400 },
        renewal: { amount: 2400, period: 'month', interval: 1 },
      }),
      methods: ['card'],
    });
    renderCheckout(7);
    const total = (await screen.findByText('Total a pagar hoy')).parentElement as HTMLElement;
    expect(total).toHaveTextContent('Total a pagar hoy$0 MXN');
    expect(screen.getByText(`Tu prueba gratis dura 7 días. El primer cargo de $2,400 MXN será el ${formatStudioDate(firstCharge)}.`)).toBeInTheDocument();
    expect(formatStudioDate(firstCharge)).toMatch(/^15 mar\.? 2026$/);
    expect(screen.getByText(/Recuerda: este paquete es una suscripción\. Se cobrará automáticamente por mes/)).toBeInTheDocument();
  });

  it("asks for the signup fee first with 'Completar Inscripción'", async () => {
    api({ quote: makeQuote({ signup_fee_required: 12 }) });
    renderCheckout();
    const dialog = await screen.findByRole('dialog', { name: 'Completar Inscripción' });
    expect(within(dialog).getByRole('link', { name: 'Completar Inscripción' })).toHaveAttribute('href', '/checkout/12');
  });

  it('offers sign-in and sign-up instead of the discount form and the pay button when signed out', async () => {
    useSession.setState({ status: 'signed-out', uid: null, customer: null });
    api();
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Inicia sesión para comprar' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inicia Sesión' })).toHaveAttribute('href', '/entrar');
    expect(screen.getByRole('link', { name: 'Regístrate' })).toHaveAttribute('href', '/registro');
    expect(screen.queryByLabelText('Código de descuento')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
  });

  it('hides the discount form when discounts are disabled', async () => {
    setConfig({ discounts_enabled: false });
    api();
    renderCheckout();
    expect(await screen.findByRole('button', { name: 'Pagar' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Código de descuento')).not.toBeInTheDocument();
  });

  it('validates a discount code: the server message when it is refused, the new quote when it is valid', async () => {
    const user = userEvent.setup();
    const { calls } = api({
      discount: (code) =>
        code === 'BIENVENIDA15'
          ? { body: { quote: makeQuote({ discount_amount: 33, total_now: 187 }), methods: ['cash'] } }
          : { status: 404, body: { error: { code: 'discounts/invalid', message: 'Lo sentimos, ese descuento no es válido.' } } },
    });
    renderCheckout();
    const input = await screen.findByLabelText('Código de descuento');
    await user.type(input, 'NOEXISTE');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Lo sentimos, ese descuento no es válido.')).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, 'BIENVENIDA15');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText('Descuento BIENVENIDA15 aplicado.')).toBeInTheDocument();
    expect(screen.getByText('Descuento', { selector: 'dt' }).nextElementSibling).toHaveTextContent('-$33 MXN');
    expect(screen.getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$187 MXN');

    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    await screen.findByRole('heading', { name: 'Orden lista' });
    expect(calls.find((call) => call.url === '/api/checkout/attempt')?.body).toEqual({
      class_package_id: 2,
      discountCode: 'BIENVENIDA15',
      payment_method: 'cash',
    });
  });

  it('keeps the pay button disabled until the required documents are accepted, each opening in a modal', async () => {
    const user = userEvent.setup();
    api();
    renderCheckout(2, [makePage({ page_id: 3, title: 'Términos y Condiciones', required: true, content: '<p>Reglas del estudio.</p>' })]);
    const pay = await screen.findByRole('button', { name: 'Pagar' });
    expect(pay).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Términos y Condiciones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Términos y Condiciones' });
    expect(within(dialog).getByText('Reglas del estudio.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await user.click(screen.getByRole('checkbox', { name: 'Al comprar cualquier paquete de Estudio Latido aceptas los siguientes documentos' }));
    expect(pay).toBeEnabled();
  });

  it("shows the server's message when the purchase is refused and stays on the page", async () => {
    const user = userEvent.setup();
    api({
      attempt: () => ({
        status: 409,
        body: { error: { code: 'checkout/limit-reached', message: 'Lo sentimos, ya has alcanzado el límite de compras de este paquete.' } },
      }),
    });
    renderCheckout();
    await user.click(await screen.findByRole('button', { name: 'Pagar' }));
    const message = await screen.findByText('Lo sentimos, ya has alcanzado el límite de compras de este paquete.');
    // Announced as it appears.
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeEnabled();
  });

  it('says clearly when no payment method is available', async () => {
    api({ methods: [] });
    renderCheckout();
    expect(await screen.findByText(/no hay ningún método de pago disponible/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
  });

  it('pays by card with Stripe.js: disabled while empty, the decline message, then /gracias after a retry', async () => {
    const user = userEvent.setup();
    setConfig({ stripe_public: 'pk_test_123', stripe_js_url: 'https://js.stripe.test/v3/' });
    let changeHandler: ((event: { empty: boolean; complete: boolean }) => void) | null = null;
    const element = {
      mount: vi.fn(),
      destroy: vi.fn(),
      on: vi.fn((type: string, handler: (event: { empty: boolean; complete: boolean }) => void) => {
        if (type === 'change') changeHandler = handler;
        return element;
      }),
    };
    const confirmCardPayment = vi
      .fn()
      .mockResolvedValueOnce({
        error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
      })
      .mockResolvedValueOnce({ paymentIntent: { status: 'succeeded' } });
    const stripeFactory = vi.fn(() => ({ elements: () => ({ create: () => element }), confirmCardPayment, confirmCardSetup: vi.fn() }));
    vi.stubGlobal('Stripe', stripeFactory);
    const { calls } = api({ methods: ['card'], attempt: () => attemptAnswer({ purchase_id: 44, clientSecret: 'pi_1_secret_2', intent: 'payment' }) });
    renderCheckout();

    expect(await screen.findByRole('radio', { name: 'Tarjeta' })).toBeChecked();
    await vi.waitFor(() => expect(element.mount).toHaveBeenCalled());
    expect(stripeFactory).toHaveBeenCalledWith('pk_test_123', { locale: 'es' });
    const pay = screen.getByRole('button', { name: 'Pagar' });
    expect(pay).toBeDisabled();
    act(() => changeHandler?.({ empty: false, complete: true }));
    expect(pay).toBeEnabled();

    await user.click(pay);
    expect(await screen.findByText('Lo sentimos. Tu tarjeta ha sido rechazada por fondos insuficientes.')).toBeInTheDocument();
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_1_secret_2', { payment_method: { card: element } });

    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/checkout/attempt').map((call) => call.body)).toEqual([
      { class_package_id: 2, payment_method: 'card' },
      { class_package_id: 2, payment_method: 'card' },
    ]);
    // The first click was answered: paying again is a new submission (the server answers the same pending purchase).
    const [firstKey, secondKey] = calls.filter((call) => call.url === '/api/checkout/attempt').map((call) => call.headers['Idempotency-Key']);
    expect(secondKey).not.toBe(firstKey);
    vi.unstubAllGlobals();
  });
});

function makeSavedCard(overrides: Partial<PaymentSource> = {}): PaymentSource {
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

/** A card element whose change events the test sends (typing a card). */
function typedCard() {
  const handlers: Array<(event: { empty: boolean; complete: boolean }) => void> = [];
  const element = {
    mount: vi.fn(),
    destroy: vi.fn(),
    on: vi.fn((type: string, handler: (event: { empty: boolean; complete: boolean }) => void) => {
      if (type === 'change') handlers.push(handler);
      return element;
    }),
  };
  return { element, type: () => act(() => handlers.forEach((handler) => handler({ empty: false, complete: true }))) };
}

/** A fake Stripe.js on window, as the script from stripe_js_url defines it. */
function fakeStripe(card: { mount: unknown; destroy: unknown; on: unknown } | null = null) {
  const plain = { mount: vi.fn(), destroy: vi.fn(), on: vi.fn((): unknown => plain) };
  const element = card ?? plain;
  const stripe = {
    elements: vi.fn(() => ({ create: () => element })),
    confirmCardPayment: vi.fn().mockResolvedValue({ paymentIntent: { status: 'succeeded' } }),
    confirmCardSetup: vi.fn(),
    confirmOxxoPayment: vi.fn().mockResolvedValue({ paymentIntent: { status: 'requires_action' } }),
    handleNextAction: vi.fn().mockResolvedValue({ paymentIntent: { status: 'succeeded' } }),
    retrievePaymentIntent: vi.fn().mockResolvedValue({ paymentIntent: { status: 'requires_payment_method' } }),
    retrieveSetupIntent: vi.fn().mockResolvedValue({ setupIntent: { status: 'requires_payment_method' } }),
  };
  vi.stubGlobal(
    'Stripe',
    vi.fn(() => stripe),
  );
  return { stripe, element };
}

describe('checkout with saved cards and OXXO', () => {
  beforeEach(() => {
    setConfig({ business_name: 'Estudio Latido', stripe_public: 'pk_test_123', stripe_js_url: 'https://js.stripe.test/v3/' });
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('pays with a saved card the server confirmed: posts payment_source_id, touches nothing in Stripe.js, then /gracias', async () => {
    const user = userEvent.setup();
    const { stripe, element } = fakeStripe();
    const { calls } = api({
      methods: ['card'],
      paymentSources: [makeSavedCard(), makeSavedCard({ payment_source_id: 'pm_5555', card_type: 'mastercard', last_digits: '5555' })],
      attempt: () => attemptAnswer({ purchase_id: 45, clientSecret: 'pi_45_secret', intent: 'payment', intentStatus: 'succeeded' }),
    });
    renderCheckout();

    const saved = await screen.findByRole('group', { name: 'Tarjeta para pagar' });
    expect(within(saved).getByRole('radio', { name: 'Usar tarjeta •••• 4242' })).toBeChecked();
    expect(within(saved).getByRole('radio', { name: 'Usar tarjeta •••• 5555' })).not.toBeChecked();
    // No card element while a saved card is chosen; 'Usar otra tarjeta' brings it.
    expect(screen.queryByRole('group', { name: 'Datos de la tarjeta' })).not.toBeInTheDocument();
    await user.click(within(saved).getByRole('radio', { name: 'Usar otra tarjeta' }));
    expect(await screen.findByRole('group', { name: 'Datos de la tarjeta' })).toBeInTheDocument();
    await vi.waitFor(() => expect(element.mount).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeDisabled();

    await user.click(within(saved).getByRole('radio', { name: 'Usar tarjeta •••• 5555' }));
    expect(screen.queryByRole('group', { name: 'Datos de la tarjeta' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));

    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/checkout/attempt')?.body).toEqual({
      class_package_id: 2,
      payment_method: 'card',
      payment_source_id: 'pm_5555',
    });
    // Confirming again what the server confirmed is what Stripe refuses ('…has a status of succeeded') and charged twice.
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
    expect(stripe.handleNextAction).not.toHaveBeenCalled();
    expect(screen.queryByText(/PaymentIntent/)).not.toBeInTheDocument();
  });

  it('runs only the next action (3-D Secure) of a saved card the server confirmed, then /gracias', async () => {
    const user = userEvent.setup();
    const { stripe } = fakeStripe();
    api({
      methods: ['card'],
      paymentSources: [makeSavedCard()],
      attempt: () => attemptAnswer({ purchase_id: 47, clientSecret: 'pi_47_secret', intent: 'payment', intentStatus: 'requires_action' }),
    });
    renderCheckout();
    await screen.findByRole('group', { name: 'Tarjeta para pagar' });
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    expect(stripe.handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_47_secret' });
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
  });

  it('a failed 3-D Secure shows Spanish and the next click is a new submission; a click with no answer keeps its key', async () => {
    const user = userEvent.setup();
    const { stripe } = fakeStripe();
    stripe.handleNextAction
      .mockResolvedValueOnce({ error: { type: 'api_connection_error', message: 'Failed to fetch' } })
      .mockResolvedValueOnce({
        error: {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message: 'We are unable to authenticate your payment method.',
          payment_intent: { status: 'requires_payment_method' },
        },
      })
      .mockResolvedValueOnce({ paymentIntent: { status: 'succeeded' } });
    const { calls } = api({
      methods: ['card'],
      paymentSources: [makeSavedCard()],
      attempt: () => attemptAnswer({ purchase_id: 48, clientSecret: 'pi_48_secret', intent: 'payment', intentStatus: 'requires_action' }),
    });
    renderCheckout();
    await screen.findByRole('group', { name: 'Tarjeta para pagar' });
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('No pudimos conectar con el procesador de pagos. Recarga la página o elige otro método de pago.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Tu banco no pudo autenticar el pago. Intenta de nuevo o usa otra tarjeta.')).toBeInTheDocument();
    expect(screen.queryByText(/unable to authenticate/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    const keys = calls.filter((call) => call.url === '/api/checkout/attempt').map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    // No answer from Stripe: the same submission (the server answers the same purchase). Refused: a new one.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('an answer replayed after the payment went through: handleNextAction throws, Stripe says succeeded, /gracias without paying again', async () => {
    const user = userEvent.setup();
    const { stripe } = fakeStripe();
    stripe.handleNextAction.mockRejectedValue(new Error('handleNextAction: the PaymentIntent has a status of succeeded, not requires_action.'));
    stripe.retrievePaymentIntent.mockResolvedValue({ paymentIntent: { status: 'succeeded' } });
    api({
      methods: ['card'],
      paymentSources: [makeSavedCard()],
      attempt: () => attemptAnswer({ purchase_id: 49, clientSecret: 'pi_49_secret', intent: 'payment', intentStatus: 'requires_action' }),
    });
    renderCheckout();
    await screen.findByRole('group', { name: 'Tarjeta para pagar' });
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    expect(stripe.retrievePaymentIntent).toHaveBeenCalledWith('pi_49_secret');
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
  });

  it("never shows Stripe's English: an unexpected error reads the spec's default text", async () => {
    const user = userEvent.setup();
    const { element, type } = typedCard();
    const { stripe } = fakeStripe(element);
    stripe.confirmCardPayment.mockResolvedValue({
      error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: "This PaymentIntent's payment_method could not be updated." },
    });
    api({
      methods: ['card'],
      attempt: () => attemptAnswer({ purchase_id: 50, clientSecret: 'pi_50_secret', intent: 'payment', intentStatus: 'requires_payment_method' }),
    });
    renderCheckout();
    await vi.waitFor(() => expect(element.mount).toHaveBeenCalled());
    type();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByText('Hubo un error al procesar tu compra. Inténtalo más tarde.')).toBeInTheDocument();
    expect(screen.queryByText(/PaymentIntent/)).not.toBeInTheDocument();
  });

  it("asks before keeping a new card ('Guardar tarjeta', off by default) and sends save_card only when ticked", async () => {
    const user = userEvent.setup();
    const { element, type } = typedCard();
    fakeStripe(element);
    const { calls } = api({
      methods: ['card'],
      attempt: () => attemptAnswer({ purchase_id: 51, clientSecret: 'pi_51_secret', intent: 'payment', intentStatus: 'requires_payment_method' }),
    });
    renderCheckout();
    const keep = await screen.findByRole('checkbox', { name: 'Guardar tarjeta' });
    expect(keep).not.toBeChecked();
    await user.click(keep);
    await vi.waitFor(() => expect(element.mount).toHaveBeenCalled());
    type();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/checkout/attempt')?.body).toEqual({ class_package_id: 2, payment_method: 'card', save_card: true });
  });

  it('a subscription says its card is kept instead of asking', async () => {
    fakeStripe();
    api({ methods: ['card'], quote: makeQuote({ renewal: { amount: 890, period: 'month', interval: 1 } }) });
    renderCheckout();
    expect(await screen.findByText('Guardaremos esta tarjeta para cobrar tu suscripción.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Guardar tarjeta' })).not.toBeInTheDocument();
  });

  it("shows the server's 402 decline text as is and stays on the page", async () => {
    const user = userEvent.setup();
    const { stripe } = fakeStripe();
    const { calls } = api({
      methods: ['cash', 'card'],
      paymentSources: [makeSavedCard()],
      attempt: () => ({ status: 402, body: { error: { code: 'checkout/card-declined', message: checkoutMessages.declines.insufficientFunds } } }),
    });
    renderCheckout();

    await user.click(await screen.findByRole('radio', { name: 'Tarjeta' }));
    await user.click(await screen.findByRole('radio', { name: 'Usar tarjeta •••• 4242' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));

    const message = await screen.findByText('Lo sentimos. Tu tarjeta ha sido rechazada por fondos insuficientes.');
    expect(message.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeEnabled();
    expect(screen.queryByRole('heading', { name: 'Orden lista' })).not.toBeInTheDocument();
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
    expect(calls.find((call) => call.url === '/api/checkout/attempt')?.body).toMatchObject({ payment_source_id: 'pm_4242' });
  });

  it("pays with OXXO: the voucher gets the customer's name and email, then /gracias", async () => {
    const user = userEvent.setup();
    const { stripe } = fakeStripe();
    const { calls } = api({
      methods: ['cash', 'card', 'oxxo'],
      paymentSources: [makeSavedCard()],
      attempt: () => attemptAnswer({ purchase_id: 46, clientSecret: 'pi_46_secret', intent: 'payment' }),
    });
    renderCheckout();

    await user.click(await screen.findByRole('radio', { name: 'OXXO' }));
    expect(screen.getByText(/en cualquier tienda OXXO en un plazo de 3 días/)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Tarjeta para pagar' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pagar' }));

    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/checkout/attempt')?.body).toEqual({ class_package_id: 2, payment_method: 'oxxo' });
    expect(stripe.confirmOxxoPayment).toHaveBeenCalledWith('pi_46_secret', {
      payment_method: { billing_details: { name: 'Ana López', email: 'ana@example.com' } },
    });
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
  });

  it('offers no saved cards when the studio does not keep them', async () => {
    setConfig({ stripe_public: 'pk_test_123', stripe_js_url: 'https://js.stripe.test/v3/', payment_sources_enabled: false });
    fakeStripe();
    const { calls } = api({ methods: ['card'], paymentSources: [makeSavedCard()] });
    renderCheckout();
    expect(await screen.findByRole('group', { name: 'Datos de la tarjeta' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Usar tarjeta •••• 4242' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/payment_sources')).toBe(false);
  });
});

/** A fake PayPal SDK on window: Buttons records its options so the test can play PayPal's part (createOrder, onApprove…). */
function fakePayPal() {
  const options: PayPalButtonsOptions[] = [];
  const close = vi.fn(() => Promise.resolve());
  const paypal = {
    Buttons: vi.fn((given: PayPalButtonsOptions) => ({
      render: vi.fn((container: HTMLElement) => {
        options.push(given);
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = 'PayPal';
        container.appendChild(button);
        return Promise.resolve();
      }),
      close,
    })),
  };
  const last = () => options[options.length - 1] as PayPalButtonsOptions;
  /** What PayPal calls when the buyer clicks: createOrder, or createSubscription for a subscription. */
  const create = () => {
    const given = last();
    const callback = given.createOrder ?? given.createSubscription;
    if (!callback) throw new Error('The buttons were given no create callback');
    return callback();
  };
  return { paypal, close, last, create };
}

const SDK_URL = 'https://www.paypal.test/sdk/js';
const termsCheckbox = () => screen.getByRole('checkbox', { name: 'Al comprar cualquier paquete de Estudio Latido aceptas los siguientes documentos' });

describe('checkout with PayPal', () => {
  beforeEach(() => {
    setConfig({ business_name: 'Estudio Latido', paypal_js_url: SDK_URL, paypal_client_id: 'client-paypal' });
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    // Each test starts on a page that never loaded PayPal's SDK.
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('loads the SDK once with client-id, MXN and intent=capture, and draws the buttons only once the documents are accepted', async () => {
    const user = userEvent.setup();
    setConfig({ paypal_js_url: SDK_URL, paypal_client_id: 'AbC 1+' });
    const { paypal } = fakePayPal();
    api({ methods: ['cash', 'paypal'] });
    renderCheckout(2, [makePage({ page_id: 3, title: 'Términos y Condiciones', required: true })]);

    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    const src = `${SDK_URL}?client-id=AbC%201%2B&currency=MXN&intent=capture`;
    const scripts = () => [...document.head.querySelectorAll('script')].filter((script) => script.src === src);
    expect(scripts()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Pago con PayPal' });
    expect(within(group).getByText('Cargando PayPal…')).toBeInTheDocument();

    vi.stubGlobal('paypal', paypal);
    act(() => {
      scripts()[0]?.dispatchEvent(new Event('load'));
    });
    expect(await within(group).findByText('Acepta los documentos para ver el botón de PayPal.')).toBeInTheDocument();
    expect(paypal.Buttons).not.toHaveBeenCalled();

    await user.click(termsCheckbox());
    expect(await within(group).findByRole('button', { name: 'PayPal' })).toBeInTheDocument();
    expect(paypal.Buttons).toHaveBeenCalledTimes(1);

    // Back and forth between methods: the same script, the buttons drawn again.
    await user.click(screen.getByRole('radio', { name: 'Efectivo' }));
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'PayPal' }));
    await vi.waitFor(() => expect(paypal.Buttons).toHaveBeenCalledTimes(2));
    expect(scripts()).toHaveLength(1);
  });

  it('createOrder posts /checkout/paypal and answers the orderID; onApprove captures it and goes to /gracias', async () => {
    const user = userEvent.setup();
    const { paypal, last, create } = fakePayPal();
    vi.stubGlobal('paypal', paypal);
    const { calls } = api({
      methods: ['cash', 'paypal'],
      paypal: () => ({ status: 201, body: { purchase_id: 52, orderID: 'ORDER-52', message: 'Orden creada' } }),
      capture: () => ({ body: { purchase_id: 52, message: 'Pago recibido' } }),
    });
    renderCheckout();

    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    expect(screen.getByText(/Se abrirá una ventana de PayPal/)).toBeInTheDocument();
    await vi.waitFor(() => expect(paypal.Buttons).toHaveBeenCalled());

    let orderID: string | undefined;
    await act(async () => {
      orderID = await create();
    });
    expect(orderID).toBe('ORDER-52');
    expect(calls.find((call) => call.url === '/api/checkout/paypal')?.body).toEqual({ class_package_id: 2 });

    await act(() => last().onApprove({ orderID: 'ORDER-52' }));
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/checkout/capture')?.body).toEqual({ orderID: 'ORDER-52' });
    expect(calls.some((call) => call.url === '/api/checkout/attempt')).toBe(false);
  });

  it('a subscription: the SDK loads for subscriptions, the buttons open the subscription the server made, approval needs no capture', async () => {
    const { paypal, last, create } = fakePayPal();
    // An order's SDK from an earlier checkout on this page is replaced.
    const stale = document.createElement('script');
    stale.setAttribute('data-paypal-intent', 'capture');
    document.head.appendChild(stale);
    vi.stubGlobal('paypal', { Buttons: vi.fn() });
    const { calls } = api({
      quote: makeQuote({ renewal: { amount: 2400, period: 'month', interval: 1 } }),
      methods: ['paypal'],
      paypal: () => ({ status: 201, body: { purchase_id: 54, orderID: null, plan_id: 'P-1', subscriptionID: 'I-54', message: 'Estamos procesando tu pago.' } }),
    });
    renderCheckout();
    const src = `${SDK_URL}?client-id=client-paypal&currency=MXN&intent=subscription&vault=true`;
    const script = await vi.waitFor(() => {
      const found = [...document.head.querySelectorAll('script')].find((one) => one.src === src);
      if (!found) throw new Error('no subscription SDK yet');
      return found;
    });
    expect(stale.isConnected).toBe(false);
    vi.stubGlobal('paypal', paypal);
    act(() => {
      script.dispatchEvent(new Event('load'));
    });
    await vi.waitFor(() => expect(paypal.Buttons).toHaveBeenCalled());
    expect(last().createOrder).toBeUndefined();
    let subscriptionID: string | undefined;
    await act(async () => {
      subscriptionID = await create();
    });
    expect(subscriptionID).toBe('I-54');
    await act(() => last().onApprove({ orderID: null, subscriptionID: 'I-54' }));
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/checkout/capture')).toBe(false);
  });

  it('says a cancelled payment can be retried, and shows the generic error when PayPal fails', async () => {
    const { paypal, last } = fakePayPal();
    vi.stubGlobal('paypal', paypal);
    api({ methods: ['paypal'] });
    renderCheckout();

    expect(await screen.findByRole('radio', { name: 'PayPal' })).toBeChecked();
    await vi.waitFor(() => expect(paypal.Buttons).toHaveBeenCalled());
    act(() => last().onCancel());
    expect(screen.getByText('Cancelaste el pago con PayPal. Puedes intentarlo de nuevo cuando quieras.')).toBeInTheDocument();

    act(() => last().onError(new Error('popup closed')));
    expect((await screen.findByText(checkoutMessages.purchaseFailed)).closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(/Cancelaste el pago con PayPal/)).not.toBeInTheDocument();
  });

  it("shows the server's 409 from /checkout/paypal, not PayPal's generic error", async () => {
    const { paypal, last, create } = fakePayPal();
    vi.stubGlobal('paypal', paypal);
    api({
      methods: ['paypal'],
      paypal: () => ({ status: 409, body: { error: { code: 'checkout/limit-reached', message: checkoutMessages.limitReached } } }),
    });
    renderCheckout();
    await vi.waitFor(() => expect(paypal.Buttons).toHaveBeenCalled());

    let rejected: unknown = null;
    await act(async () => {
      await create().catch((error: unknown) => {
        rejected = error;
      });
    });
    expect(rejected).not.toBeNull();
    // PayPal reports the rejected createOrder to onError too.
    act(() => last().onError(rejected));
    expect((await screen.findByText(checkoutMessages.limitReached)).closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByText(checkoutMessages.purchaseFailed)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Orden lista' })).not.toBeInTheDocument();
  });

  it('goes to /gracias without PayPal when there is nothing to pay', async () => {
    const { paypal, create } = fakePayPal();
    vi.stubGlobal('paypal', paypal);
    api({ methods: ['paypal'], paypal: () => ({ status: 201, body: { purchase_id: 53, orderID: null, message: '¡Compra exitosa!' } }) });
    renderCheckout();
    await vi.waitFor(() => expect(paypal.Buttons).toHaveBeenCalled());
    await act(() => expect(create()).rejects.toThrow());
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
  });

  it('says PayPal could not load and leaves the other methods usable', async () => {
    const user = userEvent.setup();
    setConfig({ paypal_js_url: SDK_URL, paypal_client_id: 'client-that-fails' });
    api({ methods: ['cash', 'paypal'] });
    renderCheckout();

    await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
    const script = [...document.head.querySelectorAll('script')].find((tag) => tag.src.includes('client-that-fails'));
    act(() => {
      script?.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText('No pudimos cargar PayPal. Recarga la página o elige otro método de pago.')).toBeInTheDocument();
    expect(document.head.contains(script ?? null)).toBe(false);

    await user.click(screen.getByRole('radio', { name: 'Efectivo' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(await screen.findByRole('heading', { name: 'Orden lista' })).toBeInTheDocument();
  });
});
