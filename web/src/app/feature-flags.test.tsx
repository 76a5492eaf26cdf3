import { appConfigDefinitions } from '@studio/shared/config/app-config';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setConfig } from '../../test/helpers';
import { areaMenuLinks, drawerSections } from '../features/customer-area/area-links';
import { featureEnabled, FEATURES, screenEnabled, screenFeature } from '../lib/feature-flags';
import { paths } from '../lib/paths';
import type { RouteHandle } from '../lib/route-handle';
import { publicNavLinks } from './layout/nav-links';
import { createRoutes } from './router';

const gatedScreens = [
  [paths.myOnline, '/mystudio/online', 'onlineVideos', 'videos_enabled'],
  [paths.myVideo, '/mystudio/video/33', 'onlineVideos', 'videos_enabled'],
  [paths.myCharges, '/mystudio/pagos', 'subscriptions', 'subscriptions_enabled'],
  [paths.myCredits, '/mystudio/creditos', 'restrictedClassTypes', 'allow_restricted_class_types'],
] as const;

function handleAt(path: string): RouteHandle | undefined {
  return matchRoutes(createRoutes(setConfig()), path)?.at(-1)?.route.handle as RouteHandle | undefined;
}

describe('feature flags, declared once', () => {
  it('names only real app-config switches', () => {
    for (const key of Object.values(FEATURES)) expect(appConfigDefinitions).toHaveProperty(key);
  });

  it('the public schedule (/calendario) reads schedule_enabled, as its navbar link does', () => {
    expect(screenFeature(paths.schedule)).toBe('schedule');
    expect(handleAt('/calendario')?.feature).toBe('schedule');
    expect(screenEnabled(setConfig({ schedule_enabled: false }), paths.schedule)).toBe(false);
    expect(screenEnabled(setConfig({ schedule_enabled: true }), paths.schedule)).toBe(true);
  });

  it.each(gatedScreens)('%s: the route and every menu read the same switch', (pattern, url, feature, key) => {
    expect(screenFeature(pattern)).toBe(feature);
    expect(handleAt(url)?.feature).toBe(feature);

    const on = setConfig({ [key]: true });
    const off = setConfig({ [key]: false });
    expect(featureEnabled(on, feature)).toBe(true);
    expect(screenEnabled(off, pattern)).toBe(false);
    const menuTargets = (config: typeof on) => [...areaMenuLinks(config), ...drawerSections(config).flatMap((section) => section.links)].map((link) => link.to);
    expect(menuTargets(off)).not.toContain(pattern);
    if (pattern !== paths.myVideo) expect(menuTargets(on)).toContain(pattern);
  });

  it('leaves ungated screens without a feature', () => {
    expect(handleAt('/mystudio/reservaciones')?.feature).toBeUndefined();
    expect(handleAt('/mystudio')?.feature).toBeUndefined();
  });

  it("gates the menu's 'Presenciales' entry, and the navbar's links, by name", () => {
    const labels = (config: ReturnType<typeof setConfig>) => areaMenuLinks(config).map((link) => link.label);
    expect(labels(setConfig({ single_class_enabled: true }))).toContain('Presenciales');
    expect(labels(setConfig({ single_class_enabled: false }))).not.toContain('Presenciales');
    expect(publicNavLinks(setConfig({ packages_enabled: false, about_enabled: true, schedule_enabled: false })).map((link) => link.to)).toEqual([paths.about]);
  });
});
