import { configString, useConfig } from '../../lib/app-config';
import { LandingIsland } from './landing-island';
import { type LandingIslands, OWN_ISLANDS, visibleSections } from './landing-sections';
import './landing.css';

/**
 * The landing page: the enabled sections in their configured order. `islands`
 * adds the below-the-fold sections made of other features' code (app/ wires
 * them); this feature's own islands are always available.
 */
export function Landing({ islands }: { islands?: LandingIslands }) {
  const config = useConfig();
  const sections = visibleSections(config, { ...OWN_ISLANDS, ...islands });
  return (
    <div className="landing">
      {/* The hero's title is the page heading; without a hero the studio's name still gives the page one. */}
      {!sections.some((section) => section.key === 'hero') && <h1 className="visually-hidden">{configString(config, 'business_name')}</h1>}
      {sections.map((section) =>
        section.Island ? (
          <LandingIsland key={section.key} sectionKey={section.key} Section={section.Island} config={config} />
        ) : (
          <section.Component key={section.key} config={config} />
        ),
      )}
    </div>
  );
}
