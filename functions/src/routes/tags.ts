import { tagCreateSchema, tagUpdateSchema } from '@studio/shared/schemas/catalogue/tags';
import { Router } from 'express';
import type { Deps } from '../deps';
import { tagOperations } from '../services/catalogue/tags';
import { addCrudRoutes } from './crud-router';

/** /api/tags: public reads, admin writes (delete archives; refused while upcoming classes use it). */
export function tagRoutes(deps: Deps): Router {
  return addCrudRoutes(Router(), deps, { one: 'tag', many: 'tags', operations: tagOperations, createSchema: tagCreateSchema, updateSchema: tagUpdateSchema });
}
