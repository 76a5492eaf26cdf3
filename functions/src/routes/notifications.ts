import { emptyBodySchema, notificationParamsSchema } from '@studio/shared/schemas/notification';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireUser } from '../http/authenticate';
import { identityOf } from '../http/request-context';
import { validate, withParams } from '../http/validate';
import { listOwnNotifications } from '../services/notifications/list-notifications';
import { markAllOwnNotificationsRead, markOwnNotificationRead } from '../services/notifications/mark-notifications-read';

/** /api/notifications: the signed-in customer's own notifications (nobody sees or marks another's). */
export function notificationRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/', requireUser, async (req, res) => {
    res.json(await listOwnNotifications(deps, identityOf(req)));
  });

  // Before '/:id/read' only for readability: the two never match the same path.
  router.put('/read', requireUser, validate(emptyBodySchema), async (req, res) => {
    res.json(await markAllOwnNotificationsRead(deps, identityOf(req)));
  });

  router.put(
    '/:notification_id/read',
    requireUser,
    validate(emptyBodySchema),
    ...withParams(notificationParamsSchema, async ({ notification_id }, req, res) => {
      res.json(await markOwnNotificationRead(deps, identityOf(req), notification_id));
    }),
  );

  return router;
}
