import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { Spinner } from '../components/spinner';
import type { AppConfig } from '../lib/app-config';
import { paths } from '../lib/paths';
import type { RouteHandle } from '../lib/route-handle';
import { PublicLayout } from './layout/public-layout';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { authRoutes } from './routes/auth-routes';
import { checkoutRoutes } from './routes/checkout-routes';
import { customerAreaRoutes } from './routes/customer-area-routes';
import { publicRoutes } from './routes/public-routes';

/**
 * Every route of both spec documents, composed from one module per area
 * (app/routes/*-routes.tsx). Each area's screens load with their routes; the
 * console's route table itself joins on the first visit to /admin
 * (discoverAdminRoutes), so the landing's entry never carries it.
 */
export function createRoutes(config: AppConfig): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: Spinner,
      children: [
        authRoutes(),
        {
          id: 'public',
          Component: PublicLayout,
          children: [...publicRoutes(config), ...checkoutRoutes(), customerAreaRoutes(config)],
        },
      ],
    },
  ];
}

const isAdminPath = (path: string) => path === paths.admin || path.startsWith(`${paths.admin}/`);

/**
 * The router asks when a path matches nothing specific (/admin falls to the
 * content pages' /:slug, /admin/… to the not-found splat): on a console path
 * the console's routes are added under the public layout, once, and the
 * path is matched again.
 */
export const discoverAdminRoutes: PatchRoutesOnNavigationFunction = async ({ path, patch }) => {
  if (!isAdminPath(path)) return;
  const { adminRoutes } = await import('./routes/admin-routes');
  patch('public', [adminRoutes()]);
};

/** Whether the deepest matched route is a page of the public site that works the same for everyone (public-routes.tsx). */
export function onVisitorPage(matches: readonly { route: { handle?: unknown } }[]): boolean {
  const handle = matches.at(-1)?.route.handle as RouteHandle | undefined;
  return handle?.visitorPage === true;
}

export function createAppRouter(config: AppConfig) {
  return createBrowserRouter(createRoutes(config), { patchRoutesOnNavigation: discoverAdminRoutes });
}
