import { createRuntimeDeps } from '../runtime';
import { reconcilePayments } from '../services/purchases/reconcile-payments';
import type { ScheduledJob } from './scheduled-job';

/**
 * Every 15 minutes: completes what the card processor did that our books do
 * not show yet (services/purchases/reconcile-payments.ts, docs/payments
 * "Follow-up steps"). It talks to Stripe, so it is deployed with Stripe's
 * secrets (in the environment, as the API's are); without them (no cards
 * offered) it has nothing to do.
 */
export const reconcilePaymentsJob: ScheduledJob = {
  name: 'reconcilePayments',
  everyMinutes: 15,
  secrets: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'],
  handler: async () => {
    const env = process.env;
    const deps = createRuntimeDeps({
      webApiKey: '',
      webAppId: '',
      appCheck: { enforced: false, siteKey: '' },
      stripe: { secretKey: env.STRIPE_SECRET_KEY ?? '', webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '', apiBase: env.STRIPE_API_BASE ?? '' },
      paypal: { clientId: '', clientSecret: '', webhookId: '', apiBase: '' },
    });
    if (!deps.cards) return;
    await reconcilePayments(deps, deps.cards, (line) => console.log(line));
  },
};
