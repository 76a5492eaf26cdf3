import { StripeApiError } from './stripe-errors';

/** What a card does when charged, per Stripe's documented test numbers. */
export type CardBehaviour =
  | { kind: 'approve' }
  | { kind: 'three_d_secure'; offSession: 'approve' | 'require' }
  | { kind: 'decline'; code: string; declineCode?: string; message: string; chargeOnly: boolean };

const decline = (code: string, declineCode: string | undefined, message: string, chargeOnly = false): CardBehaviour => ({
  kind: 'decline',
  code,
  message,
  chargeOnly,
  ...(declineCode ? { declineCode } : {}),
});

const TEST_CARDS: Record<string, CardBehaviour> = {
  // Authenticates once; off-session payments after a setup then go through.
  '4000002500003155': { kind: 'three_d_secure', offSession: 'approve' },
  '4000002760003184': { kind: 'three_d_secure', offSession: 'require' },
  '4000000000009995': decline('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  '4000000000000002': decline('card_declined', 'generic_decline', 'Your card was declined.'),
  '4000000000009987': decline('card_declined', 'lost_card', 'Your card was declined.'),
  '4000000000009979': decline('card_declined', 'stolen_card', 'Your card was declined.'),
  '4000000000000069': decline('expired_card', 'expired_card', 'Your card has expired.'),
  '4000000000000127': decline('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
  '4000000000000119': decline('processing_error', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'),
  '4100000000000019': decline('card_declined', 'fraudulent', 'Your card was declined.'),
  '4000000000000341': decline('card_declined', 'generic_decline', 'Your card was declined.', true),
};

export function behaviourOf(number: string): CardBehaviour {
  return TEST_CARDS[number] ?? { kind: 'approve' };
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  if (/^3(0|6|8)/.test(number)) return 'diners';
  return 'unknown';
}

function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const cardError = (code: string, message: string, param: string) => new StripeApiError(402, { type: 'card_error', code, message, param });

export interface CardInput {
  number?: string;
  exp_month?: string;
  exp_year?: string;
  cvc?: string;
}

export interface ValidCard {
  number: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The checks Stripe makes when a PaymentMethod is created (the expiry against `now`, the fake's time): format only, never a charge. */
export function validateCard(input: CardInput, now: Date): ValidCard {
  const number = (input.number ?? '').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  const expMonth = Number(input.exp_month);
  if (!/^\d{1,2}$/.test(input.exp_month ?? '') || expMonth < 1 || expMonth > 12) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
  let expYear = Number(input.exp_year);
  if (!/^\d{2}(\d{2})?$/.test(input.exp_year ?? '')) throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  if (expYear < 100) expYear += 2000;
  const currentYear = now.getUTCFullYear();
  if (expYear < currentYear || (expYear === currentYear && expMonth < now.getUTCMonth() + 1) || expYear > currentYear + 50) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  }
  const brand = brandOf(number);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc ?? '')) throw cardError('incorrect_cvc', "Your card's security code is incorrect.", 'cvc');
  return { number, brand, last4: number.slice(-4), expMonth, expYear };
}
