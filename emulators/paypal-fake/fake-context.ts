import type { Timeline } from '../fake-clock';
import type { WebhookSender } from './deliver-webhooks';
import type { FakeStore } from './fake-store';
import type { Link } from './paypal-shapes';
import type { WebhookSigner } from './sign-webhooks';

/** What every resource module works with. */
export interface FakeContext {
  store: FakeStore;
  /** The fake's time (the clock option); every timestamp it writes reads it. */
  time: Timeline;
  webhooks: WebhookSender;
  signer: WebhookSigner;
  /** The fake's own origin (known once it listens), for links and approval pages. */
  baseUrl: string;
  /** The client id the SDK stand-in must be loaded with. */
  clientId: string;
}

export const link = (context: FakeContext, path: string, rel: string, method: Link['method'] = 'GET'): Link => ({
  href: `${context.baseUrl}${path}`,
  rel,
  method,
});
