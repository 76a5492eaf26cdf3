import type { CalendarFeedAnswer } from '@studio/shared/schemas/notification';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getCalendarFeed, writeCalendarFeed } from '../../data/repos/calendar-feeds-repo';
import { feedKey, feedToken, hashFeedToken, newFeedSeed } from './feed-token';
import { type FeedDeps, feedUrls } from './feed-urls';

/**
 * GET /calendar/feed: the caller's feed URL, created on first use. Two first
 * uses at once agree on one feed: both read the missing document in their
 * transaction, so the second to commit retries and finds the first's.
 */
export async function getOwnCalendarFeed(deps: FeedDeps, identity: VerifiedIdentity): Promise<CalendarFeedAnswer> {
  // Read (or created) in its own transaction: outside ours.
  const key = await feedKey(deps.store);
  const token = await deps.store.runTransaction(async (tx) => {
    const feed = await getCalendarFeed(deps.store, identity.uid, tx);
    if (feed) return feedToken(key, identity.uid, feed.seed);
    const seed = newFeedSeed();
    const fresh = feedToken(key, identity.uid, seed);
    writeCalendarFeed(deps.store, tx, { uid: identity.uid, seed, token_hash: hashFeedToken(fresh), created_at: deps.now() }, null);
    return fresh;
  });
  return feedUrls(deps, token);
}
