import type { CalendarFeedAnswer } from '@studio/shared/schemas/notification';
import type { VerifiedIdentity } from '../../data/auth/auth-gateway';
import { getCalendarFeed, writeCalendarFeed } from '../../data/repos/calendar-feeds-repo';
import { feedKey, feedToken, hashFeedToken, newFeedSeed } from './feed-token';
import { type FeedDeps, feedUrls } from './feed-urls';

/**
 * POST /calendar/feed/rotate: a new URL for the caller's feed. The old
 * token's lookup is deleted in the same transaction that creates the new
 * one, so the old URL answers 404 from the moment the new one works
 * (a calendar subscribed to it shows nothing new after that).
 */
export async function rotateOwnCalendarFeed(deps: FeedDeps, identity: VerifiedIdentity): Promise<CalendarFeedAnswer> {
  const key = await feedKey(deps.store);
  const token = await deps.store.runTransaction(async (tx) => {
    const previous = await getCalendarFeed(deps.store, identity.uid, tx);
    const seed = newFeedSeed();
    const fresh = feedToken(key, identity.uid, seed);
    writeCalendarFeed(deps.store, tx, { uid: identity.uid, seed, token_hash: hashFeedToken(fresh), created_at: deps.now() }, previous);
    return fresh;
  });
  return feedUrls(deps, token);
}
