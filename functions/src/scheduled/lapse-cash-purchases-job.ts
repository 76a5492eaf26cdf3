import { getStore } from '../data/store/get-store';
import { lapseCashPurchases } from '../services/purchases/end-cash-purchase';
import type { ScheduledJob } from './scheduled-job';

/** Every 15 minutes: cash purchases past their pay_by are cancelled and their places given back (services/purchases). */
export const lapseCashPurchasesJob: ScheduledJob = {
  name: 'lapseCashPurchases',
  everyMinutes: 15,
  handler: async () => {
    const now = new Date();
    await lapseCashPurchases({ store: getStore(), now: () => now }, now);
  },
};
