import { accessMessages } from '@studio/shared/messages/access';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { listOnlineLotsOfUid } from '../../data/repos/credits-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import { onlineWindow } from '../credits/balance';

/**
 * Videos are for admins and for customers with an active online membership:
 * a live (active, unexpired, not revoked) online lot. Anyone else gets the
 * spec's 412, which the SPA turns into its "buy a membership" state.
 */
export async function assertCanWatch(deps: Deps, identity: VerifiedIdentity): Promise<void> {
  if (identity.admin) return;
  const lots = await listOnlineLotsOfUid(deps.store, identity.uid);
  if (!onlineWindow(lots, deps.now()).active) throw new AppError('precondition', 'videos/no-online-membership', accessMessages.noOnlineMembership);
}
