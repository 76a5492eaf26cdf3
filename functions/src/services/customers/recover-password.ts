import { messages } from '@studio/shared/messages';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { consumeRateLimit, rateRules } from '../rate-limits';
import { normalizeForSearch } from './search-terms';

/**
 * Sends the identity provider's reset e-mail. The answer is the same whether
 * or not the account exists; limits per address and per e-mail stop mail bombing.
 */
export async function recoverPassword(deps: Deps, clientIp: string, email: string): Promise<string> {
  await consumeRateLimit(deps, rateRules.recoverPerIp, clientIp);
  await consumeRateLimit(deps, rateRules.recoverPerEmail, normalizeForSearch(email));
  try {
    await deps.auth.sendPasswordResetEmail(email.trim());
  } catch (error) {
    console.error('Password reset e-mail failed', error);
    throw new AppError('unavailable', 'auth/recover-unavailable', messages.common.genericError);
  }
  return messages.auth.recoverSent;
}
