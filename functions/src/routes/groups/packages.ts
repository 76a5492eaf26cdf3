import type { Router } from 'express';
import type { Deps } from '../../deps';
import { classPackageRoutes } from '../class-packages';
import { discountRoutes } from '../discounts';

/** Mounts the packages area's resource routers under /api. */
export function mountPackagesRoutes(api: Router, deps: Deps): void {
  api.use('/class_packages', classPackageRoutes(deps));
  api.use('/discounts', discountRoutes(deps));
}
