import { createElement } from 'react';
import type { RouteObject } from 'react-router';
import { type CatalogueKey, cataloguePaths } from './catalogue-paths';

/**
 * One route's lazy part: the screen, its descriptor (schemas, texts) and its
 * title load on the first visit, so the route table itself costs the app
 * nothing but the paths.
 */
async function listRoute(key: CatalogueKey) {
  const [{ resources }, { ResourceListScreen }] = await Promise.all([import('./resources'), import('./resource-list-screen')]);
  const descriptor = resources[key];
  return { element: createElement(ResourceListScreen, { descriptor }), handle: { title: descriptor.title } };
}

async function formRoute(key: CatalogueKey) {
  const [{ resources }, { ResourceFormScreen }] = await Promise.all([import('./resources'), import('./resource-form-screen')]);
  const descriptor = resources[key];
  return { element: createElement(ResourceFormScreen, { descriptor }), handle: { title: descriptor.title } };
}

/**
 * The console's catalogue screens, for app/routes/admin-routes.tsx to put under
 * the admin guard: for each resource its list (/admin/sedes), its create form
 * (/admin/sedes/nuevo) and its edit form (/admin/sedes/:id).
 */
export function catalogueRoutes(): RouteObject[] {
  return (Object.keys(cataloguePaths) as CatalogueKey[]).flatMap((key) => {
    const path = cataloguePaths[key];
    return [
      { id: `admin-${key}`, path, lazy: () => listRoute(key) },
      { id: `admin-${key}-new`, path: `${path}/nuevo`, lazy: () => formRoute(key) },
      { id: `admin-${key}-edit`, path: `${path}/:id`, lazy: () => formRoute(key) },
    ];
  });
}
