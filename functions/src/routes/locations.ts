import { locationCreateSchema, locationUpdateSchema } from '@studio/shared/schemas/catalogue/locations';
import { Router } from 'express';
import type { Deps } from '../deps';
import { locationOperations } from '../services/catalogue/locations';
import { addCrudRoutes } from './crud-router';

/** /api/locations: public reads, admin writes (delete archives; refused while upcoming classes use it). */
export function locationRoutes(deps: Deps): Router {
  return addCrudRoutes(Router(), deps, {
    one: 'location',
    many: 'locations',
    operations: locationOperations,
    createSchema: locationCreateSchema,
    updateSchema: locationUpdateSchema,
  });
}
