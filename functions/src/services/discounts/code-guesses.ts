import { packagesMessages } from '@studio/shared/messages/packages';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { countsAddress, type RateHit, type RateRule, takeRateHit } from '../rate-limits';

const HOUR = 60 * 60 * 1000;

/**
 * The brake on guessing discount codes (docs/payments, ADR 0078): one budget
 * of wrong codes per customer and one per client network (an IPv4 address,
 * an IPv6 /64), shared by every path that evaluates a code (GET
 * /discounts/code, GET /checkout/quote, POST /checkout/attempt, POST
 * /checkout, POST /checkout/paypal), so switching paths does not reset it.
 * The per-customer bucket keeps the name of ADR 0022's lookup limit, so its
 * 60 an hour are the same budget. The network's is wider: carrier-grade NAT
 * puts many honest customers behind one IPv4 address, and it is there for
 * one person with many accounts.
 */
export const codeGuessRules = {
  perCustomer: { name: 'discount-code-uid', limit: 60, windowMs: HOUR },
  perNetwork: { name: 'discount-code-ip', limit: 120, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;

/** The answers that say a code was not accepted: only these spend the budget. */
const REFUSALS: ReadonlySet<string> = new Set(['discounts/invalid', 'discounts/used-up', 'discounts/used-up-by-customer']);

/** Who evaluates a code: the customer it is evaluated for and the network the request came from (clientAddressOf). */
export interface CodeGuesser {
  uid: string;
  network: string;
}

const tooManyTries = () => new AppError('rate-limited', 'discounts/too-many-tries', packagesMessages.discountTooManyTries);

/**
 * Runs `evaluate` (anything that evaluates a typed code) under the brake. A
 * guess is counted before the code is looked at, so a burst of requests
 * cannot all slip under the limit while none has been answered yet; over
 * either budget the answer is 429 before anything is read or written, real
 * code or not. When `evaluate` did not refuse the code (it was accepted, or
 * the request failed for another reason) the guess is given back: only wrong
 * (unknown, expired, used-up) codes spend the budget, so a customer retrying
 * their valid code is never stopped by it.
 */
export async function underCodeBrake<T>(deps: Deps, guesser: CodeGuesser, evaluate: () => Promise<T>): Promise<T> {
  const hits: RateHit[] = [];
  const giveBack = () => Promise.all(hits.map((hit) => hit.giveBack()));
  const rules: [RateRule, string][] = [[codeGuessRules.perCustomer, guesser.uid]];
  if (countsAddress(deps, guesser.network)) rules.push([codeGuessRules.perNetwork, guesser.network]);
  for (const [rule, subject] of rules) {
    const hit = await takeRateHit(deps, rule, subject);
    hits.push(hit);
    if (!hit.allowed) {
      // The code was never looked at: the other budget keeps its hit back.
      hits.pop();
      await giveBack();
      throw tooManyTries();
    }
  }
  try {
    const answer = await evaluate();
    await giveBack();
    return answer;
  } catch (error) {
    if (!(error instanceof AppError && REFUSALS.has(error.code))) await giveBack();
    throw error;
  }
}
