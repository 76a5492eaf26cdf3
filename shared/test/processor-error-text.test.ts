import { describe, expect, it } from 'vitest';
import { processorErrorText } from '../src/format/processor-error-text';
import { checkoutMessages } from '../src/messages/checkout';
import { shopMessages } from '../src/messages/shop';

const d = checkoutMessages.declines;

describe('processorErrorText: one mapping from processor errors to Spanish', () => {
  it('uses the spec’s texts for the declines it names', () => {
    expect(processorErrorText({ type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' })).toBe(
      'Lo sentimos. Tu tarjeta ha sido rechazada por fondos insuficientes.',
    );
    expect(processorErrorText({ code: 'expired_card', decline_code: 'expired_card' })).toBe('Lo sentimos. Tu tarjeta ha expirado');
    expect(processorErrorText({ code: 'card_declined', decline_code: 'fraudulent' })).toBe(
      'Lo sentimos, nuestro procesador de tarjetas ha rechazado el pago. Comunícate con nosotros.',
    );
    expect(processorErrorText({ code: 'invalid_expiry_year' })).toBe('El formato de la tarjeta no es válido, revisa los datos que ingresaste por favor.');
    expect(processorErrorText({ code: 'card_declined', decline_code: 'stolen_card' })).toBe(d.lostOrStolen);
    expect(processorErrorText({ code: 'card_declined', decline_code: 'generic_decline' })).toBe(d.declined);
    expect(processorErrorText({ code: 'incorrect_cvc' })).toBe(d.incorrectCvc);
    expect(processorErrorText({ code: 'processing_error', decline_code: 'processing_error' })).toBe(shopMessages.cardErrors.processing);
    expect(processorErrorText({ code: 'payment_intent_authentication_failure' })).toBe(shopMessages.cardErrors.authentication);
    expect(processorErrorText({ issue: 'INSTRUMENT_DECLINED' })).toBe(shopMessages.cardErrors.paypalDeclined);
  });

  it('names what PayPal’s capture refusals ask of the buyer', () => {
    expect(processorErrorText({ issue: 'INSTRUMENT_DECLINED' })).toBe(
      'PayPal rechazó el pago con ese medio. Elige otro medio de pago en PayPal o paga con otro método.',
    );
    expect(processorErrorText({ issue: 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING' })).toBe(shopMessages.cardErrors.paypalDeclined);
    expect(processorErrorText({ issue: 'PAYER_ACTION_REQUIRED' })).toBe(
      'PayPal necesita que completes un paso más. Vuelve a intentarlo con el botón de PayPal.',
    );
    expect(processorErrorText({ issue: 'ORDER_NOT_APPROVED' })).toBe(
      'El pago no se aprobó en PayPal. Vuelve a intentarlo con el botón de PayPal y apruébalo en su ventana.',
    );
    expect(processorErrorText({ issue: 'CARD_EXPIRED' })).toBe(d.expired);
  });

  it('never shows the processor’s English message: anything unknown gets a Spanish text', () => {
    const english = "This PaymentIntent's payment_method could not be updated because it has a status of succeeded.";
    const unexpected = { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: english };
    expect(processorErrorText(unexpected)).toBe(checkoutMessages.purchaseFailed);
    expect(processorErrorText({ type: 'card_error', code: 'something_new', message: 'Your card was declined.' })).toBe(d.declined);
    expect(processorErrorText({ type: 'api_connection_error', message: 'Failed to fetch' })).toBe(shopMessages.processorUnavailable);
    expect(processorErrorText({ issue: 'SOMETHING_ELSE' })).toBe(checkoutMessages.purchaseFailed);
    expect(processorErrorText(null)).toBe(checkoutMessages.purchaseFailed);
    for (const text of [processorErrorText(unexpected), processorErrorText({ code: 'x' })]) expect(text).not.toMatch(/PaymentIntent|Your card/);
  });
});
