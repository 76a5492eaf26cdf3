import { getPhoneOwner } from '../../data/repos/customers-repo';
import type { Deps } from '../../deps';
import { consumeAddressLimit, rateRules } from '../rate-limits';

/**
 * Anonymous sign-up pre-check. It answers only "free or not" (never whose),
 * and is rate-limited per client network so it cannot be used to sweep the
 * customer list. It is advisory: the SPA goes on to sign-up when it answers
 * 429, and sign-up decides (with its own limits), so its studio-wide ceiling
 * only tightens the per-address limit and never refuses a fresh visitor.
 */
export async function isPhoneAvailable(deps: Deps, clientAddress: string, phone: string): Promise<boolean> {
  await consumeAddressLimit(deps, rateRules.phoneCheckPerIp, rateRules.phoneCheckGlobal, clientAddress);
  return (await getPhoneOwner(deps.store, phone)) === null;
}
