import { classCategoryCreateSchema, classCategoryUpdateSchema } from '@studio/shared/schemas/catalogue/class-categories';
import { Router } from 'express';
import type { Deps } from '../deps';
import { publicCache } from '../http/public-cache';
import { classCategoryOperations, listAvailableClassCategories } from '../services/catalogue/class-categories';
import { addCrudRoutes } from './crud-router';

/** /api/class_categories: public reads (plus /available), admin writes; POST takes class_category_id 'nueva'. */
export function classCategoryRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/available', publicCache('catalogue'), async (_req, res) => {
    res.json({ class_categories: await listAvailableClassCategories(deps) });
  });
  return addCrudRoutes(router, deps, {
    one: 'class_category',
    many: 'class_categories',
    operations: classCategoryOperations,
    createSchema: classCategoryCreateSchema,
    updateSchema: classCategoryUpdateSchema,
  });
}
