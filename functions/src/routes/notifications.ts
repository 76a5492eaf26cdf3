import { emptyBodySchema, type NotificationParams, notificationParamsSchema } from '@studio/shared/schemas/notification';
import { type RequestHandler, Router } from 'express';
import { ValidationError } from 'yup';
import type { Deps } from '../deps';
import { toValidationAppError } from '../domain/validation';
import { requireUser } from '../http/authenticate';
import { identityOf } from '../http/request-context';
import { validate } from '../http/validate';
import { listOwnNotifications } from '../services/notifications/list-notifications';
import { markAllOwnNotificationsRead, markOwnNotificationRead } from '../services/notifications/mark-notifications-read';

/**
 * The path's notification id, checked by its shared schema (the way validate()
 * checks bodies): a malformed id is a 400 before any lookup. Kept on res.locals.params.
 */
const validId: RequestHandler = async (req, res, next) => {
  try {
    res.locals.params = await notificationParamsSchema.validate({ notification_id: req.params.id }, { abortEarly: false, strict: true });
    next();
  } catch (error) {
    next(error instanceof ValidationError ? toValidationAppError(error) : error);
  }
};

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

  router.put('/:id/read', requireUser, validId, validate(emptyBodySchema), async (req, res) => {
    const { notification_id } = res.locals.params as NotificationParams;
    res.json(await markOwnNotificationRead(deps, identityOf(req), notification_id));
  });

  return router;
}
