import { scheduleReleasesMessages } from '@studio/shared/messages/schedule-releases';
import { releaseRef } from '../../data/repos/schedule-releases-repo';
import type { StoreDeps } from '../../deps';
import { AppError } from '../../domain/errors';

// Auto ids are letters and digits; anything else cannot name a release, and some strings ('__x__', '..') are not even valid document ids.
const RELEASE_ID = /^[A-Za-z0-9]{1,64}$/;

const notFound = () => new AppError('not-found', 'schedule-releases/not-found', scheduleReleasesMessages.notFound);

/**
 * DELETE /api/schedule_releases/:id (admin). A release whose window is open
 * stops keeping the API warm at the job's next run (within 5 minutes).
 */
export async function deleteScheduleRelease(deps: Pick<StoreDeps, 'store'>, id: string): Promise<void> {
  if (!RELEASE_ID.test(id)) throw notFound();
  const ref = releaseRef(deps.store, id);
  await deps.store.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw notFound();
    tx.delete(ref);
  });
}
