import type { AppConfigKey } from '@studio/shared/config/app-config';
import { type AppConfig, configBoolean } from './app-config';
import { paths } from './paths';

/**
 * Every app-config switch that turns part of the web on or off, named once.
 * Screens and menus ask for a feature by name; the config key lives only here.
 */
export const FEATURES = {
  /** Customer-area spec §2: the 'Presenciales' menu entry. */
  inPersonClasses: 'single_class_enabled',
  /** /mystudio/online and /mystudio/video/{id}, and their menu entries. */
  onlineVideos: 'videos_enabled',
  /** /mystudio/pagos (Mis Cargos) and its menu entry. */
  subscriptions: 'subscriptions_enabled',
  /** /mystudio/creditos (Mis Créditos) and its menu entry. */
  restrictedClassTypes: 'allow_restricted_class_types',
  /** Navbar links to the public shop, the about section and the schedule. */
  packagesShop: 'packages_enabled',
  about: 'about_enabled',
  schedule: 'schedule_enabled',
} as const satisfies Record<string, AppConfigKey>;

export type Feature = keyof typeof FEATURES;

export function featureEnabled(config: AppConfig, feature: Feature): boolean {
  return configBoolean(config, FEATURES[feature]);
}

/**
 * Screens that exist only while their feature is on. The router answers them as
 * not found while it is off (route handle `feature`), and every menu leaves out
 * links to them: both read this table, so a switch is never declared twice.
 */
const SCREEN_FEATURES: Readonly<Partial<Record<string, Feature>>> = {
  [paths.myOnline]: 'onlineVideos',
  [paths.myVideo]: 'onlineVideos',
  [paths.myCharges]: 'subscriptions',
  [paths.myReceipt]: 'subscriptions',
  [paths.myCredits]: 'restrictedClassTypes',
  // The public schedule goes with the navbar link and the landing section when the studio turns it off.
  [paths.schedule]: 'schedule',
};

/** The feature a screen (by its route path, e.g. paths.myOnline) depends on, if any. */
export function screenFeature(path: string): Feature | undefined {
  return SCREEN_FEATURES[path];
}

/** False when the screen at `path` depends on a feature that is switched off. */
export function screenEnabled(config: AppConfig, path: string): boolean {
  const feature = screenFeature(path);
  return feature === undefined || featureEnabled(config, feature);
}
