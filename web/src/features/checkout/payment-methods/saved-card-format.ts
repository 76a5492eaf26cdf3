import { fill } from '@studio/shared/messages';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { PaymentSource } from '@studio/shared/schemas/checkout';

/** The spec names mastercard and visa and shows anything else as amex; our server's 'other' reads the same way. */
export function cardBrand(card: Pick<PaymentSource, 'card_type'>): string {
  if (card.card_type === 'visa' || card.card_type === 'mastercard') return m.cardBrands[card.card_type];
  return m.cardBrands.amex;
}

/** MM/YYYY, as printed on the card. */
export function cardExpiry(card: Pick<PaymentSource, 'exp_month' | 'exp_year'>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}

export function cardDigits(card: Pick<PaymentSource, 'last_digits'>): string {
  return fill(m.cardDigits, { last: card.last_digits });
}
