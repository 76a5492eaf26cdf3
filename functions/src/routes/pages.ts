import { pageCreateSchema, pageUpdateSchema } from '@studio/shared/schemas/page';
import { Router } from 'express';
import type { Deps } from '../deps';
import { publicCache } from '../http/public-cache';
import { createPage, deletePage, getPageForSlug, listAllPages, updatePage } from '../services/pages';
import { addAdminWriteRoutes } from './crud-router';

/** /api/pages: public reads, admin writes. */
export function pageRoutes(deps: Deps): Router {
  const router = Router();

  router.get('/', publicCache('catalogue'), async (_req, res) => {
    res.json({ pages: await listAllPages(deps) });
  });

  router.get('/:slug', publicCache('catalogue'), async (req, res) => {
    res.json({ page: await getPageForSlug(deps, String(req.params.slug)) });
  });

  addAdminWriteRoutes(router, deps, {
    one: 'page',
    createSchema: pageCreateSchema,
    updateSchema: pageUpdateSchema,
    create: createPage,
    update: updatePage,
    remove: deletePage,
  });

  return router;
}
