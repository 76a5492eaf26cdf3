import { classPackageSchema, classPackageUpdateSchema } from '@studio/shared/schemas/class-package';
import { type RequestHandler, Router } from 'express';
import type { Deps } from '../deps';
import { requireAdmin, requireUser } from '../http/authenticate';
import { numericParam } from '../http/params';
import { publicCache } from '../http/public-cache';
import { identityOf } from '../http/request-context';
import { getPackageForViewer, listPackagesForAdmin, listPublicPackages, type PackageList } from '../services/packages/list-packages';
import { createPackage, deletePackage, setPackageHome, updatePackage } from '../services/packages/manage-packages';
import { listSpecialEventAttendees } from '../services/packages/special-event-attendees';
import { listUsedPackages } from '../services/packages/used-packages';
import { addAdminWriteRoutes } from './crud-router';

/** /api/class_packages: public lists of active packages, admin management. */
export function classPackageRoutes(deps: Deps): Router {
  const router = Router();

  const list =
    (name: PackageList, homeOnly: boolean): RequestHandler =>
    async (_req, res) => {
      res.json({ class_packages: await listPublicPackages(deps, name, homeOnly) });
    };
  router.get('/', publicCache('catalogue'), list('all', false));
  for (const name of ['online', 'presenciales', 'especiales'] as const) {
    router.get(`/${name}/all`, publicCache('catalogue'), list(name, false));
    router.get(`/${name}/home`, publicCache('catalogue'), list(name, true));
  }

  router.get('/admin/all', requireAdmin, async (_req, res) => {
    res.json({ class_packages: await listPackagesForAdmin(deps) });
  });

  // Personal (the caller's own limits), so never a shared read: the lists above stay the same for everyone (ADR 0104).
  router.get('/used', requireUser, async (req, res) => {
    res.json({ class_package_ids: await listUsedPackages(deps, identityOf(req)) });
  });

  router.get('/especiales/:id/asistentes', requireAdmin, async (req, res) => {
    res.json({ asistentes: await listSpecialEventAttendees(deps, numericParam(req.params.id, 'id')) });
  });

  router.get('/:id', publicCache('catalogue'), async (req, res) => {
    res.json({ class_package: await getPackageForViewer(deps, numericParam(req.params.id, 'id'), { admin: req.identity?.admin === true }) });
  });

  addAdminWriteRoutes(router, deps, {
    one: 'class_package',
    createSchema: classPackageSchema,
    updateSchema: classPackageUpdateSchema,
    create: createPackage,
    update: updatePackage,
    remove: deletePackage,
  });

  // addToHome / deleteFromHome: the spec names the calls, not their paths.
  router.post('/:id/home', requireAdmin, async (req, res) => {
    res.json({ class_package: await setPackageHome(deps, numericParam(req.params.id, 'id'), true) });
  });

  router.delete('/:id/home', requireAdmin, async (req, res) => {
    await setPackageHome(deps, numericParam(req.params.id, 'id'), false);
    res.status(204).end();
  });

  return router;
}
