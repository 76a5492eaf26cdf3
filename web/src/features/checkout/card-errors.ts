import { fill } from '@studio/shared/messages';
import { checkoutMessages } from '@studio/shared/messages/checkout';
import { shopMessages } from '@studio/shared/messages/shop';
import type { StripeError } from './stripe-js';

// The server's 402 texts (a saved card it charges) and these are one set: the same code reads the same.
const d = checkoutMessages.declines;
const e = shopMessages.cardErrors;

/** What the buyer reads for a card-element failure (public-site §8), by Stripe's code and decline code. */
export function cardErrorText(error: StripeError): string {
  const code = error.code ?? '';
  const decline = error.decline_code ?? '';
  if (decline === 'insufficient_funds') return d.insufficientFunds;
  if (decline === 'lost_card' || decline === 'stolen_card') return d.lostOrStolen;
  if (decline === 'fraudulent' || code === 'fraudulent') return d.suspicious;
  if (code === 'expired_card' || decline === 'expired_card') return d.expired;
  if (code === 'incorrect_cvc' || code === 'invalid_cvc' || decline === 'incorrect_cvc') return d.incorrectCvc;
  if (code === 'incorrect_number' || code === 'invalid_number' || decline === 'incorrect_number') return d.incorrectNumber;
  if (
    code === 'invalid_expiry_month' ||
    code === 'invalid_expiry_year' ||
    code === 'incomplete_number' ||
    code === 'incomplete_cvc' ||
    code === 'incomplete_expiry'
  )
    return d.cardFormat;
  if (code === 'payment_intent_authentication_failure' || code === 'setup_intent_authentication_failure') return e.authentication;
  if (code === 'card_declined') return d.declined;
  return fill(e.generic, { message: error.message ?? '' });
}
