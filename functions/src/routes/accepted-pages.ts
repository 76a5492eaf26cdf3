import { acceptedPageSchema } from '@studio/shared/schemas/page';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireUser } from '../http/authenticate';
import { identityOf } from '../http/request-context';
import { withBody } from '../http/validate';
import { acceptPage, listOwnAcceptedPages } from '../services/accepted-pages';

/** /api/accepted_pages: the caller's own acceptances. */
export function acceptedPageRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/', requireUser, async (req, res) => {
    res.json({ accepted_pages: await listOwnAcceptedPages(deps, identityOf(req)) });
  });

  router.post(
    '/',
    requireUser,
    ...withBody(acceptedPageSchema, async (input, req, res) => {
      res.status(201).json({ accepted_page: await acceptPage(deps, identityOf(req), input) });
    }),
  );

  return router;
}
