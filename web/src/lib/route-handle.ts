import { useMatches, type Params } from 'react-router';
import type { AppConfigKey } from '@studio/shared/config/app-config';
import { configBoolean, useConfig } from './app-config';

/** What a route declares about itself in the registry (app/router.tsx). */
export interface RouteHandle {
  title?: string | ((params: Params) => string);
  /** A config switch the screen depends on; when it is off the route answers as not found. */
  flag?: AppConfigKey;
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
    const flag = asHandle(match.handle)?.flag;
    return flag !== undefined && !configBoolean(config, flag);
  });
}
