import { systemNow } from '../data/clock/system-clock';
import { getStore } from '../data/store/get-store';
import { lapseUnpaidPurchases } from '../services/purchases/end-cash-purchase';
import type { ScheduledJob } from './scheduled-job';

/** Every 15 minutes: pending purchases past their pay_by (cash, a card or an OXXO voucher never paid) are cancelled and their places given back (services/purchases). */
export const lapseUnpaidPurchasesJob: ScheduledJob = {
  name: 'lapseUnpaidPurchases',
  everyMinutes: 15,
  handler: async () => {
    const now = systemNow();
    await lapseUnpaidPurchases({ store: getStore(), now: () => now }, now);
  },
};
