import { formCreateSchema, formUpdateSchema } from '@studio/shared/schemas/catalogue/forms';
import { Router } from 'express';
import type { Deps } from '../deps';
import { formOperations } from '../services/catalogue/forms';
import { addCrudRoutes } from './crud-router';

/** /api/forms: public reads, admin writes (address fields nest form 6, which is read-only). */
export function formRoutes(deps: Deps): Router {
  return addCrudRoutes(Router(), deps, {
    one: 'form',
    many: 'forms',
    operations: formOperations,
    createSchema: formCreateSchema,
    updateSchema: formUpdateSchema,
  });
}
