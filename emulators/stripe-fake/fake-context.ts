import type { Timeline } from '../fake-clock';
import type { WebhookSender } from './deliver-webhooks';
import type { FakeStore } from './fake-store';
import type { FakePaymentIntent } from './stripe-shapes';

export type IntentOutcome = 'succeeded' | 'failed' | 'requires_action' | 'canceled';

/**
 * What every resource module works with. Billing and checkout react to
 * PaymentIntent outcomes through the listeners, so the intent module need
 * not import them.
 */
export interface FakeContext {
  store: FakeStore;
  /** The fake's time (the clock option); every timestamp it writes reads it. */
  time: Timeline;
  webhooks: WebhookSender;
  publishableKey: string;
  /** The fake's own origin (known once it listens), for hosted URLs. */
  baseUrl: string;
  paymentListeners: Array<(intent: FakePaymentIntent, outcome: IntentOutcome) => void>;
}

export const emit = (context: FakeContext, type: string, object: object) => context.webhooks.emit(type, object);
