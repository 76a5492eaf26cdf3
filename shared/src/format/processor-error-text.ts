import { checkoutMessages } from '../messages/checkout';
import { shopMessages } from '../messages/shop';

/** What a processor says about a failed payment: Stripe's `type`/`code`/`decline_code`, or PayPal's `issue`. */
export interface ProcessorError {
  type?: string | null | undefined;
  code?: string | null | undefined;
  decline_code?: string | null | undefined;
  /** PayPal's error detail issue (INSTRUMENT_DECLINED, PAYER_ACTION_REQUIRED, …). */
  issue?: string | null | undefined;
  /** The processor's own words (English): never shown. */
  message?: string | null | undefined;
}

const d = checkoutMessages.declines;
const e = shopMessages.cardErrors;

const BY_DECLINE: Record<string, string> = {
  insufficient_funds: d.insufficientFunds,
  lost_card: d.lostOrStolen,
  stolen_card: d.lostOrStolen,
  pickup_card: d.lostOrStolen,
  restricted_card: d.lostOrStolen,
  fraudulent: d.suspicious,
  merchant_blacklist: d.suspicious,
  security_violation: d.suspicious,
  expired_card: d.expired,
  incorrect_cvc: d.incorrectCvc,
  invalid_cvc: d.incorrectCvc,
  incorrect_number: d.incorrectNumber,
  invalid_number: d.incorrectNumber,
  processing_error: e.processing,
  try_again_later: e.processing,
  issuer_not_available: e.processing,
  reenter_transaction: e.processing,
  authentication_required: e.authentication,
  card_velocity_exceeded: e.tooManyTries,
  withdrawal_count_limit_exceeded: e.tooManyTries,
  card_not_supported: e.notSupported,
  currency_not_supported: e.notSupported,
  transaction_not_allowed: e.notSupported,
};

const BY_CODE: Record<string, string> = {
  ...BY_DECLINE,
  invalid_expiry_month: d.cardFormat,
  invalid_expiry_year: d.cardFormat,
  incomplete_number: e.incomplete,
  incomplete_cvc: e.incomplete,
  incomplete_expiry: e.incomplete,
  incomplete_zip: e.incomplete,
  payment_intent_authentication_failure: e.authentication,
  setup_intent_authentication_failure: e.authentication,
  amount_too_small: e.amountTooSmall,
  rate_limit: e.processing,
  card_declined: d.declined,
};

const BY_PAYPAL_ISSUE: Record<string, string> = {
  INSTRUMENT_DECLINED: e.paypalDeclined,
  TRANSACTION_REFUSED: e.paypalDeclined,
  PAYER_CANNOT_PAY: e.paypalDeclined,
  REDIRECT_PAYER_FOR_ALTERNATE_FUNDING: e.paypalDeclined,
  MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED: e.paypalDeclined,
  CARD_EXPIRED: d.expired,
  PAYER_ACTION_REQUIRED: e.paypalPayerAction,
  ORDER_NOT_APPROVED: e.paypalNotApproved,
};

/**
 * The one mapping from a processor's refusal to what the customer reads
 * (public-site §8: the spec's words where it has them): Stripe's decline code
 * first (it says why a card_declined was declined), then its code, then
 * PayPal's issue. Anything else gets the spec's default text: the processor's
 * own message is English and never reaches the screen.
 */
export function processorErrorText(error: ProcessorError | null | undefined): string {
  if (!error) return checkoutMessages.purchaseFailed;
  const decline = error.decline_code ?? '';
  const code = error.code ?? '';
  const issue = error.issue ?? '';
  if (code === 'expired_card') return d.expired;
  const known = BY_DECLINE[decline] ?? BY_CODE[code] ?? BY_PAYPAL_ISSUE[issue];
  if (known) return known;
  // A card error Stripe names in a way we do not know is still the bank's refusal.
  if (error.type === 'card_error') return d.declined;
  return error.type === 'api_connection_error' ? shopMessages.processorUnavailable : checkoutMessages.purchaseFailed;
}
