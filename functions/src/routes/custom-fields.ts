import { customFieldCreateSchema, customFieldQuerySchema, customFieldUpdateSchema } from '@studio/shared/schemas/catalogue/custom-fields';
import { Router } from 'express';
import type { Deps } from '../deps';
import { customFieldOperations } from '../services/catalogue/custom-fields';
import { addCrudRoutes } from './crud-router';

/** /api/custom_fields: public reads (?object= filters by object type), admin writes. */
export function customFieldRoutes(deps: Deps): Router {
  return addCrudRoutes(Router(), deps, {
    one: 'custom_field',
    many: 'custom_fields',
    operations: customFieldOperations,
    createSchema: customFieldCreateSchema,
    updateSchema: customFieldUpdateSchema,
    listQuery: customFieldQuerySchema,
  });
}
