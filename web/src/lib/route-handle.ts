import { type Params, useMatches } from 'react-router';
import { useConfig } from './app-config';
import { type Feature, featureEnabled } from './feature-flags';

/** What a route declares about itself in its area's route module (app/routes/*-routes.tsx). */
export interface RouteHandle {
  title?: string | ((params: Params) => string);
  /** The feature the screen depends on (lib/feature-flags.ts); while it is off the route answers as not found. */
  feature?: Feature;
}

function asHandle(handle: unknown): RouteHandle | null {
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle) : null;
}

/** The title of the deepest matched route that declares one. */
export function useRouteTitle(): string | null {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const title = asHandle(match.handle)?.title;
    if (title) return typeof title === 'function' ? title(match.params) : title;
  }
  return null;
}

export function useRouteDisabled(): boolean {
  const config = useConfig();
  return useMatches().some((match) => {
    const feature = asHandle(match.handle)?.feature;
    return feature !== undefined && !featureEnabled(config, feature);
  });
}
