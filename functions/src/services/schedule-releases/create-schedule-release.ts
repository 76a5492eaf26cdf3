import { fill } from '@studio/shared/messages';
import { scheduleReleasesMessages } from '@studio/shared/messages/schedule-releases';
import { MAX_UPCOMING_RELEASES, releaseTimingError, type ScheduleRelease, type ScheduleReleaseCreate } from '@studio/shared/schemas/schedule-release';
import { listReleasesStartingBetween, newReleaseRef, type ScheduleReleaseDoc } from '../../data/repos/schedule-releases-repo';
import type { StoreDeps } from '../../deps';
import { AppError } from '../../domain/errors';
import type { IdempotencyGuard } from '../idempotency';
import { presentRelease } from './present-release';
import { notEndedSince } from './release-window';

const m = scheduleReleasesMessages;

/** A refused `starts_at`: the specific reason as the message (the form shows it as is) and on the field. */
const startsAtRefused = (message: string) => new AppError('invalid', 'invalid-argument', message, { starts_at: message });

/**
 * POST /api/schedule_releases (admin). The schema checked the shapes; here
 * the rules that need "now": in the future, at most MAX_DAYS_AHEAD ahead, and
 * at most MAX_UPCOMING_RELEASES not yet over. The count and the create share
 * one transaction, so two admins adding the 20th at once cannot both succeed;
 * a refusal writes nothing. With an Idempotency-Key (ADR 0101) the answer is
 * recorded in the same transaction, so a retried submission adds nothing.
 */
export async function createScheduleRelease(
  deps: StoreDeps,
  input: ScheduleReleaseCreate,
  createdBy: string,
  guard: IdempotencyGuard | null = null,
): Promise<ScheduleRelease> {
  const now = deps.now();
  const startsAt = new Date(input.starts_at);
  const timing = releaseTimingError(startsAt, now);
  if (timing !== null) throw startsAtRefused(timing);

  const ref = newReleaseRef(deps.store);
  const doc: ScheduleReleaseDoc = { id: ref.id, starts_at: startsAt, name: input.name.trim(), created_at: now, created_by: createdBy };
  const presented = presentRelease(doc);
  await deps.store.runTransaction(async (tx) => {
    await guard?.hold(tx);
    const upcoming = await listReleasesStartingBetween(deps.store, { from: notEndedSince(now), limit: MAX_UPCOMING_RELEASES }, tx);
    if (upcoming.length >= MAX_UPCOMING_RELEASES) {
      throw new AppError('invalid', 'schedule-releases/too-many', fill(m.tooMany, { n: MAX_UPCOMING_RELEASES }));
    }
    tx.create(ref, { ...doc });
    guard?.record(tx, { status: 201, body: { data: presented } });
  });
  return presented;
}
