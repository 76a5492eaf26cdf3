import { createBrowserRouter, type RouteObject } from 'react-router';
import { Spinner } from '../components/spinner';
import type { AppConfig } from '../lib/app-config';
import { PublicLayout } from './layout/public-layout';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { adminRoutes } from './routes/admin-routes';
import { authRoutes } from './routes/auth-routes';
import { checkoutRoutes } from './routes/checkout-routes';
import { customerAreaRoutes } from './routes/customer-area-routes';
import { publicRoutes } from './routes/public-routes';

/**
 * Every route of both spec documents, composed from one module per area
 * (app/routes/*-routes.tsx). Each area's screens load with their routes.
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
          children: [...publicRoutes(config), ...checkoutRoutes(), customerAreaRoutes(config), adminRoutes()],
        },
      ],
    },
  ];
}

export function createAppRouter(config: AppConfig) {
  return createBrowserRouter(createRoutes(config));
}
