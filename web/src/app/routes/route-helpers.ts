import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { screenFeature } from '../../lib/feature-flags';
import type { RouteHandle } from '../../lib/route-handle';

/** The route's handle, with the feature its screen depends on (lib/feature-flags.ts) looked up by its path. */
function screenHandle(path: string | undefined, handle: RouteHandle | undefined): RouteHandle | undefined {
  const feature = path === undefined ? undefined : screenFeature(path);
  return feature ? { ...handle, feature } : handle;
}

/**
 * A screen that loads with its route: its module, and the CSS and server-data
 * code it imports, download on the first visit, never with the landing page.
 */
export function lazyScreen(id: string, path: string, handle: RouteHandle | undefined, load: () => Promise<ComponentType>): RouteObject {
  return { id, path, handle: screenHandle(path, handle), lazy: async () => ({ Component: await load() }) };
}
