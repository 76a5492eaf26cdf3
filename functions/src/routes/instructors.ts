import { instructorCreateSchema, instructorUpdateSchema } from '@studio/shared/schemas/catalogue/instructors';
import { Router } from 'express';
import type { Deps } from '../deps';
import { publicCache } from '../http/public-cache';
import { instructorOperations, listHomeInstructors } from '../services/catalogue/instructors';
import { addCrudRoutes } from './crud-router';

/** /api/instructors: public reads (plus /home/all, the landing's coaches), admin writes. */
export function instructorRoutes(deps: Deps): Router {
  const router = Router();
  router.get('/home/all', publicCache('catalogue'), async (_req, res) => {
    res.json({ instructors: await listHomeInstructors(deps) });
  });
  return addCrudRoutes(router, deps, {
    one: 'instructor',
    many: 'instructors',
    operations: instructorOperations,
    createSchema: instructorCreateSchema,
    updateSchema: instructorUpdateSchema,
  });
}
