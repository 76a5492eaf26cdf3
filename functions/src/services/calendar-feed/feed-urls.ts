import type { CalendarFeedAnswer } from '@studio/shared/schemas/notification';
import type { Deps } from '../../deps';
import { siteOriginFor } from '../site-origin';

/** What the feed's URLs need: the store and the site's origin. */
export type FeedDeps = Pick<Deps, 'store' | 'now' | 'siteOrigin'>;

/**
 * The feed's absolute URLs: on the site's origin (the configured `domain`,
 * services/site-origin.ts), and the same with webcal://, which makes phones
 * and desktop calendars offer to subscribe.
 */
export async function feedUrls(deps: FeedDeps, token: string): Promise<CalendarFeedAnswer> {
  const url = `${await siteOriginFor(deps)}/api/calendar/${token}.ics`;
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
}
