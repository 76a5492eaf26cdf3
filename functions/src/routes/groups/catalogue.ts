import type { Router } from 'express';
import type { Deps } from '../../deps';
import { addressRoutes } from '../addresses';
import { announcementRoutes } from '../announcements';
import { classCategoryRoutes } from '../class-categories';
import { classTypeRoutes } from '../class-types';
import { customFieldRoutes } from '../custom-fields';
import { formRoutes } from '../forms';
import { instructorRoutes } from '../instructors';
import { locationRoutes } from '../locations';
import { paymentMethodRoutes } from '../payment-methods';
import { programRoutes } from '../programs';
import { tagRoutes } from '../tags';
import { videoTypeRoutes } from '../video-types';

/** Mounts the catalogue area's resource routers under /api (docs/catalogue/README.md). */
export function mountCatalogueRoutes(api: Router, deps: Deps): void {
  api.use('/locations', locationRoutes(deps));
  api.use('/class_types', classTypeRoutes(deps));
  api.use('/class_categories', classCategoryRoutes(deps));
  api.use('/instructors', instructorRoutes(deps));
  api.use('/tags', tagRoutes(deps));
  api.use('/announcements', announcementRoutes(deps));
  api.use('/payment_methods', paymentMethodRoutes(deps));
  api.use('/programs', programRoutes(deps));
  api.use('/video_types', videoTypeRoutes(deps));
  api.use('/forms', formRoutes(deps));
  api.use('/custom_fields', customFieldRoutes(deps));
  api.use('/addresses', addressRoutes(deps));
}
