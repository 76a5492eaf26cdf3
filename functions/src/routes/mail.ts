import { mailListQuerySchema, mailParamsSchema } from '@studio/shared/schemas/mail';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/authenticate';
import { withParams, withQuery } from '../http/validate';
import { getMailDetail, listMail } from '../services/mail/list-mail';

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

  router.get(
    '/:mail_id',
    requireAdmin,
    ...withParams(mailParamsSchema, async ({ mail_id }, _req, res) => {
      res.json({ mail: await getMailDetail(deps, mail_id) });
    }),
  );

  return router;
}
