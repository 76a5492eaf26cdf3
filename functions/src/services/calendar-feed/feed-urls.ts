import type { CalendarFeedAnswer } from '@studio/shared/schemas/notification';
import { getStoredConfig } from '../../data/repos/app-config-repo';
import type { StoreDeps } from '../../deps';
import { type RequestHost, siteOrigin } from '../findable/site-origin';

/**
 * The feed's absolute URLs: on the configured `domain` (else the host the
 * request came to, as the sitemap does), and the same with webcal://, which
 * makes phones and desktop calendars offer to subscribe.
 */
export async function feedUrls(deps: StoreDeps, request: RequestHost, token: string): Promise<CalendarFeedAnswer> {
  const domain = (await getStoredConfig(deps.store)).domain;
  const url = `${siteOrigin(typeof domain === 'string' ? domain : '', request)}/api/calendar/${token}.ics`;
  return { url, webcal_url: url.replace(/^https?:/, 'webcal:') };
}
