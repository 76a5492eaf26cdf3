import { announcementCreateSchema, announcementUpdateSchema } from '@studio/shared/schemas/catalogue/announcements';
import { Router } from 'express';
import type { Deps } from '../deps';
import { announcementOperations } from '../services/catalogue/announcements';
import { addCrudRoutes } from './crud-router';

/** /api/announcements: public reads, admin writes. */
export function announcementRoutes(deps: Deps): Router {
  return addCrudRoutes(Router(), deps, {
    one: 'announcement',
    many: 'announcements',
    operations: announcementOperations,
    createSchema: announcementCreateSchema,
    updateSchema: announcementUpdateSchema,
  });
}
