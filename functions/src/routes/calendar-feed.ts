import { emptyBodySchema } from '@studio/shared/schemas/notification';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireUser } from '../http/authenticate';
import { identityOf } from '../http/request-context';
import { validate } from '../http/validate';
import { getOwnCalendarFeed } from '../services/calendar-feed/get-calendar-feed';
import { renderCalendarFeed } from '../services/calendar-feed/render-calendar-feed';
import { rotateOwnCalendarFeed } from '../services/calendar-feed/rotate-calendar-feed';

/** Calendar apps poll the feed: let them (and the browser) reuse it for five minutes, never a shared cache (the URL is a secret). */
export const FEED_CACHE_CONTROL = 'private, max-age=300';

/**
 * /api/calendar: the customer's private calendar feed. The .ics needs no
 * sign-in (calendar apps cannot sign in): its token is the secret. Getting
 * and rotating the URL are the signed-in customer's own.
 */
export function calendarFeedRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/feed', requireUser, async (req, res) => {
    res.json(await getOwnCalendarFeed(deps, identityOf(req)));
  });

  router.post('/feed/rotate', requireUser, validate(emptyBodySchema), async (req, res) => {
    res.json(await rotateOwnCalendarFeed(deps, identityOf(req)));
  });

  router.get('/:token.ics', async (req, res) => {
    const body = await renderCalendarFeed(deps, req.params.token);
    res.set('Cache-Control', FEED_CACHE_CONTROL).type('text/calendar; charset=utf-8').send(body);
  });

  return router;
}
