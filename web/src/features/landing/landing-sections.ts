import type { AppConfigKey } from '@studio/shared/config/app-config';
import { type ComponentType, lazy, type LazyExoticComponent } from 'react';
import { type AppConfig, configBoolean, configNumber } from '../../lib/app-config';
import { AboutSection } from './about-section';
import { HeroSection } from './hero-section';
import { MissionSection } from './mission-section';

/**
 * The landing's eight sections (public-site-and-checkout §2), each switched by
 * `<key>_enabled` and sorted by `<key>_order`. `packages_enabled` and
 * `schedule_enabled` are also the spec's feature switches (§3): one switch, so
 * turning the shop or the schedule off takes its landing section with it.
 */
export const LANDING_SECTION_KEYS = ['hero', 'about', 'mission', 'class_types', 'coaches', 'packages', 'announcements', 'schedule'] as const;

export type SectionKey = (typeof LANDING_SECTION_KEYS)[number];
export type EagerSectionKey = 'hero' | 'about' | 'mission';
/** Below the fold and backed by server data: each is a lazy island (docs/adr/0084). */
export type IslandKey = Exclude<SectionKey, EagerSectionKey>;

export type SectionComponent = ComponentType<{ config: AppConfig }>;
/** Downloads a section's code; called only once the section is enabled and near the viewport. */
export type SectionLoader = () => Promise<SectionComponent>;
/** Island loaders by key; a key without a loader is not shown (its feature has not landed). */
export type LandingIslands = Partial<Record<IslandKey, SectionLoader>>;

export type LandingSection =
  | { key: EagerSectionKey; Component: SectionComponent; Island?: never }
  /** `Island` downloads its code the first time it renders (React.lazy), never before. */
  | { key: IslandKey; Island: LazyExoticComponent<SectionComponent>; Component?: never };

// Above the fold: in the entry chunk, so the first paint never waits for a download.
const EAGER: Readonly<Record<EagerSectionKey, SectionComponent>> = { hero: HeroSection, about: AboutSection, mission: MissionSection };

/**
 * The islands this feature builds itself. Sections made of another feature's
 * code (coaches, packages, announcements, schedule) are added by app/, which
 * alone may compose features (app/routes/landing-route.tsx).
 */
export const OWN_ISLANDS: LandingIslands = {
  class_types: async () => (await import('./class-types-section')).ClassTypesSection,
};

// One lazy component per loader for the page's life: a new one on every render would suspend again.
const lazyIslands = new WeakMap<SectionLoader, LazyExoticComponent<SectionComponent>>();
function lazyIsland(load: SectionLoader): LazyExoticComponent<SectionComponent> {
  let island = lazyIslands.get(load);
  if (!island) {
    island = lazy(async () => ({ default: await load() }));
    lazyIslands.set(load, island);
  }
  return island;
}

// Typed against the config's definitions: a section without its two keys does not compile.
const enabledKey = (key: SectionKey): `${SectionKey}_enabled` & AppConfigKey => `${key}_enabled`;
const orderKey = (key: SectionKey): `${SectionKey}_order` & AppConfigKey => `${key}_order`;

/** Enabled sections by `<key>_enabled`, sorted by `<key>_order` ascending (ties keep LANDING_SECTION_KEYS' order). */
export function visibleSections(config: AppConfig, islands: LandingIslands = OWN_ISLANDS): LandingSection[] {
  const sections: LandingSection[] = [];
  for (const key of LANDING_SECTION_KEYS) {
    if (!configBoolean(config, enabledKey(key))) continue;
    if (key === 'hero' || key === 'about' || key === 'mission') {
      sections.push({ key, Component: EAGER[key] });
    } else {
      const load = islands[key];
      if (load) sections.push({ key, Island: lazyIsland(load) });
    }
  }
  const order = (section: LandingSection) => configNumber(config, orderKey(section.key)) ?? Number.POSITIVE_INFINITY;
  return sections.sort((a, b) => order(a) - order(b));
}
