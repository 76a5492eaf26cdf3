import { programCreateSchema, programUpdateSchema } from '@studio/shared/schemas/catalogue/programs';
import { Router } from 'express';
import type { Deps } from '../deps';
import { programOperations } from '../services/catalogue/programs';
import { addCrudRoutes } from './crud-router';

/** /api/programs: public reads, admin writes. */
export function programRoutes(deps: Deps): Router {
  return addCrudRoutes(Router(), deps, {
    one: 'program',
    many: 'programs',
    operations: programOperations,
    createSchema: programCreateSchema,
    updateSchema: programUpdateSchema,
  });
}
