import { type Params, useMatches } from 'react-router';
import { useConfig } from './app-config';
import { type Feature, featureEnabled } from './feature-flags';

/** What a route declares about itself in its area's route module (app/routes/*-routes.tsx). */
export interface RouteHandle {
  title?: string | ((params: Params) => string);
  /** The meta description (and Open Graph / Twitter description); the studio's tagline when absent (lib/document-head.ts). */
  description?: string | ((params: Params) => string);
  /** The feature the screen depends on (lib/feature-flags.ts); while it is off the route answers as not found. */
  feature?: Feature;
  /** A public-site page that works the same for every visitor: it never needs the auth SDK to be loaded (lib/session.ts deferSession). */
  visitorPage?: boolean;
}

function asHandle(handle: unknown): RouteHandle | null {
  return typeof handle === 'object' && handle !== null ? handle : null;
}

/** The value of the deepest matched route that declares `key`. */
function useDeepestHandle(key: 'title' | 'description'): string | null {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const value = asHandle(match.handle)?.[key];
    if (value) return typeof value === 'function' ? value(match.params) : value;
  }
  return null;
}

/** The title of the deepest matched route that declares one. */
export function useRouteTitle(): string | null {
  return useDeepestHandle('title');
}

/** The description of the deepest matched route that declares one. */
export function useRouteDescription(): string | null {
  return useDeepestHandle('description');
}

export function useRouteDisabled(): boolean {
  const config = useConfig();
  return useMatches().some((match) => {
    const feature = asHandle(match.handle)?.feature;
    return feature !== undefined && !featureEnabled(config, feature);
  });
}
