import { fill } from '../messages';
import { packagesMessages } from '../messages/packages';

export type SubscriptionPeriod = 'day' | 'month' | 'year';

const w = packagesMessages.subscription;

/**
 * How often a subscription charges, as the checkout card and the shop say it
 * (public-site §9): month or year every 1 → 'por mes' / 'por año', otherwise
 * 'cada N meses' / 'cada N años'; days → 'cada día' / 'cada N días'. Null for
 * anything that is not a subscription period with a whole interval ≥ 1.
 */
export function subscriptionWording(period: string | null | undefined, interval: number | null | undefined): string | null {
  if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 1) return null;
  switch (period) {
    case 'month':
      return interval === 1 ? w.perMonth : fill(w.everyNMonths, { n: interval });
    case 'year':
      return interval === 1 ? w.perYear : fill(w.everyNYears, { n: interval });
    case 'day':
      return interval === 1 ? w.everyDay : fill(w.everyNDays, { n: interval });
    default:
      return null;
  }
}
