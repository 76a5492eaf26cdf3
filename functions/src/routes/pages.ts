import { pageCreateSchema, pageUpdateSchema } from '@studio/shared/schemas/page';
import { Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin } from '../http/authenticate';
import { numericParam } from '../http/params';
import { publicCache } from '../http/public-cache';
import { withBody } from '../http/validate';
import { createPage, deletePage, getPageForSlug, listAllPages, updatePage } from '../services/pages';

/** /api/pages: public reads, admin writes. */
export function pageRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/', publicCache('catalogue'), async (_req, res) => {
    res.json({ pages: await listAllPages(deps) });
  });

  router.get('/:slug', publicCache('catalogue'), async (req, res) => {
    res.json({ page: await getPageForSlug(deps, String(req.params.slug)) });
  });

  router.post(
    '/',
    requireAdmin,
    ...withBody(pageCreateSchema, async (input, _req, res) => {
      res.status(201).json({ page: await createPage(deps, input) });
    }),
  );

  router.put(
    '/',
    requireAdmin,
    ...withBody(pageUpdateSchema, async (input, _req, res) => {
      res.json({ page: await updatePage(deps, input) });
    }),
  );

  router.delete('/:id', requireAdmin, async (req, res) => {
    await deletePage(deps, numericParam(req.params.id, 'id'));
    res.status(204).end();
  });

  return router;
}
