import { classTypeCreateSchema, classTypeUpdateSchema } from '@studio/shared/schemas/catalogue/class-types';
import { Router } from 'express';
import type { Deps } from '../deps';
import { classTypeOperations } from '../services/catalogue/class-types';
import { addCrudRoutes } from './crud-router';

/** /api/class_types: public reads, admin writes (delete archives; refused while upcoming classes or active packages use it). */
export function classTypeRoutes(deps: Deps): Router {
  return addCrudRoutes(Router(), deps, {
    one: 'class_type',
    many: 'class_types',
    operations: classTypeOperations,
    createSchema: classTypeCreateSchema,
    updateSchema: classTypeUpdateSchema,
  });
}
