import { messages } from '@studio/shared/messages';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { consumeAddressLimit, rateRules, tryConsumeRateLimit } from '../rate-limits';
import { normalizeForSearch } from './search-terms';

/**
 * Sends the identity provider's reset e-mail. The answer is the same whether
 * or not the account exists. A client network over its limit gets 429 (the
 * studio-wide ceiling halves that limit, never refuses by itself); an e-mail
 * over its limit gets the usual answer but no more e-mails, so nobody can
 * lock someone else out of recovery or flood their inbox.
 */
export async function recoverPassword(deps: Deps, clientAddress: string, email: string): Promise<string> {
  await consumeAddressLimit(deps, rateRules.recoverPerIp, rateRules.recoverGlobal, clientAddress);
  if (!(await tryConsumeRateLimit(deps, rateRules.recoverPerEmail, normalizeForSearch(email)))) return messages.auth.recoverSent;
  try {
    await deps.auth.sendPasswordResetEmail(email.trim());
  } catch (error) {
    console.error('Password reset e-mail failed', error);
    throw new AppError('unavailable', 'auth/recover-unavailable', messages.common.genericError);
  }
  return messages.auth.recoverSent;
}
