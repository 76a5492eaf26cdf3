import { checkoutMessages } from '@studio/shared/messages/checkout';
import { type CardEvent, InvalidSignatureError } from '../../data/payments/card-gateway';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import type { EventOutcome } from './notices/card-event-log';
import { handleCardEvent } from './notices/handle-card-event';

/**
 * POST /webhooks/stripe: verifies the notice's signature over the exact bytes
 * received (a forged or altered one is a 400 and nothing is written), then acts
 * on it exactly once (handle-card-event.ts).
 */
export async function receiveCardNotice(deps: Deps, rawBody: Buffer | undefined, signature: string | undefined): Promise<EventOutcome> {
  const cards = deps.cards;
  if (!cards) throw new AppError('not-found', 'webhooks/not-configured', checkoutMessages.processorMissing);
  let event: CardEvent;
  try {
    if (!rawBody || !signature) throw new InvalidSignatureError('missing body or signature');
    event = cards.readEvent(rawBody, signature);
  } catch (error) {
    if (error instanceof InvalidSignatureError) throw new AppError('invalid', 'webhooks/invalid-signature', checkoutMessages.invalidSignature);
    throw error;
  }
  return handleCardEvent(deps, cards, event);
}
