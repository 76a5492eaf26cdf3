import { getPhoneOwner } from '../../data/repos/customers-repo';
import type { Deps } from '../../deps';
import { consumeRateLimit, rateRules } from '../rate-limits';

/**
 * Anonymous sign-up pre-check. It answers only "free or not" (never whose),
 * and is rate-limited per client address so it cannot be used to sweep the
 * customer list.
 */
export async function isPhoneAvailable(deps: Deps, clientIp: string, phone: string): Promise<boolean> {
  await consumeRateLimit(deps, rateRules.phoneCheckPerIp, clientIp);
  await consumeRateLimit(deps, rateRules.phoneCheckGlobal, 'all');
  return (await getPhoneOwner(deps.store, phone)) === null;
}
