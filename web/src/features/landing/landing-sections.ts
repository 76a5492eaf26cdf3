import type { ComponentType } from 'react';
import { type AppConfig, configBoolean, configNumber } from '../../lib/app-config';
import { AboutSection } from './about-section';
import { HeroSection } from './hero-section';
import { MissionSection } from './mission-section';

// Class types, coaches, packages, announcements and the schedule join this list with the catalogue issue.
type SectionKey = 'hero' | 'about' | 'mission';

export interface LandingSection {
  key: SectionKey;
  Component: ComponentType<{ config: AppConfig }>;
}

const SECTIONS: readonly LandingSection[] = [
  { key: 'hero', Component: HeroSection },
  { key: 'about', Component: AboutSection },
  { key: 'mission', Component: MissionSection },
];

/** Enabled sections by `<key>_enabled`, sorted by `<key>_order` ascending (ties keep the list order). */
export function visibleSections(config: AppConfig): LandingSection[] {
  const order = (section: LandingSection) => configNumber(config, `${section.key}_order`) ?? Number.POSITIVE_INFINITY;
  return SECTIONS.filter((section) => configBoolean(config, `${section.key}_enabled`)).sort((a, b) => order(a) - order(b));
}
