import { createHash } from 'node:crypto';
import { fill } from '@studio/shared/messages';
import { filesMessages } from '@studio/shared/messages/files';
import { getRateWindow, type RateWindow, saveRateWindow } from '../../data/repos/rate-limits-repo';
import type { Deps } from '../../deps';
import { AppError } from '../../domain/errors';
import type { RateRule } from '../rate-limits';

const HOUR_MS = 60 * 60 * 1000;
const MB = 1024 * 1024;

/**
 * What one customer may upload (docs/files "Quotas"): a profile photo and a
 * few form attachments fit many times over, a script filling the bucket does
 * not. Admins are exempt: they are few, their uploads are the catalogue's
 * pictures (sometimes many at once), and they can delete any file anyway.
 */
export const uploadQuota = {
  uploads: { name: 'upload-count', limit: 20, windowMs: HOUR_MS },
  bytes: { name: 'upload-bytes', limit: 50 * MB, windowMs: 24 * HOUR_MS },
} as const satisfies Record<string, RateRule>;

// Same document key scheme as services/rate-limits.ts: one document per rule and uid in rate_limits, the uid hashed.
const windowKey = (rule: RateRule, uid: string) => createHash('sha256').update(`${rule.name}:${uid}`).digest('hex').slice(0, 40);

/** The window after adding `amount`: a fresh one when the last has run out. */
function advance(current: RateWindow | null, rule: RateRule, amount: number, now: Date): RateWindow {
  const fresh = !current || now.getTime() - current.windowStart.getTime() >= rule.windowMs;
  return fresh ? { count: amount, windowStart: now } : { count: current.count + amount, windowStart: current.windowStart };
}

/**
 * Counts one upload of `bytes` for `uid` against both windows, before the
 * bytes are stored, or refuses it with 429. Both windows are the uploader's
 * own documents, read and written in one transaction, so a burst of parallel
 * uploads cannot pass the limit and customers never contend with each other.
 * A refused upload counts nothing; an accepted one stays counted even if
 * storing it then fails (the attempt used the capacity).
 */
export async function consumeUploadQuota(deps: Pick<Deps, 'store' | 'now'>, uid: string, bytes: number): Promise<void> {
  const now = deps.now();
  const { uploads, bytes: volume } = uploadQuota;
  await deps.store.runTransaction(async (tx) => {
    const countKey = windowKey(uploads, uid);
    const bytesKey = windowKey(volume, uid);
    const [countWindow, bytesWindow] = await Promise.all([getRateWindow(deps.store, tx, countKey), getRateWindow(deps.store, tx, bytesKey)]);
    const nextCount = advance(countWindow, uploads, 1, now);
    if (nextCount.count > uploads.limit) {
      throw new AppError('rate-limited', 'files/upload-rate-limited', fill(filesMessages.uploadRateLimited, { count: uploads.limit }));
    }
    const nextBytes = advance(bytesWindow, volume, bytes, now);
    if (nextBytes.count > volume.limit) {
      throw new AppError('rate-limited', 'files/upload-quota-exceeded', fill(filesMessages.uploadQuotaExceeded, { mb: volume.limit / MB }));
    }
    saveRateWindow(deps.store, tx, countKey, nextCount, new Date(nextCount.windowStart.getTime() + uploads.windowMs));
    saveRateWindow(deps.store, tx, bytesKey, nextBytes, new Date(nextBytes.windowStart.getTime() + volume.windowMs));
  });
}
