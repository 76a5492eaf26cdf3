import { processorErrorText } from '@studio/shared/format/processor-error-text';
import type { StripeError } from './stripe-js';

/**
 * What the buyer reads for a card-element or Stripe.js failure (public-site
 * §8): the one mapping the server's 402s use too, so the same code reads the
 * same, and Stripe's English message never reaches the screen.
 */
export function cardErrorText(error: StripeError): string {
  return processorErrorText(error);
}
