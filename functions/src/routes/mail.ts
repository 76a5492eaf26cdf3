import { mailListQuerySchema, type MailParams, mailParamsSchema } from '@studio/shared/schemas/mail';
import { type RequestHandler, Router } from 'express';
import { ValidationError } from 'yup';
import type { Deps } from '../deps';
import { toValidationAppError } from '../domain/validation';
import { requireAdmin } from '../http/authenticate';
import { withQuery } from '../http/validate';
import { getMailDetail, listMail } from '../services/mail/list-mail';

/** The path's mail id, checked by its shared schema: a malformed id is a 400 before any lookup. Kept on res.locals.params. */
const validId: RequestHandler = async (req, res, next) => {
  try {
    res.locals.params = await mailParamsSchema.validate({ mail_id: req.params.id }, { abortEarly: false, strict: true });
    next();
  } catch (error) {
    next(error instanceof ValidationError ? toValidationAppError(error) : error);
  }
};

/** /api/mail: the e-mails the app wrote to the `mail` collection (docs/mail), for admins only. */
export function mailRoutes(deps: Deps): Router {
  const router = Router();

  router.get(
    '/',
    requireAdmin,
    ...withQuery(mailListQuerySchema, async (query, _req, res) => {
      res.json(await listMail(deps, query));
    }),
  );

  router.get('/:id', requireAdmin, validId, async (_req, res) => {
    const { mail_id } = res.locals.params as MailParams;
    res.json({ mail: await getMailDetail(deps, mail_id) });
  });

  return router;
}
