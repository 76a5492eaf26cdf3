import { configString, useConfig } from '../../lib/app-config';
import { visibleSections } from './landing-sections';
import './landing.css';

export function Landing() {
  const config = useConfig();
  const sections = visibleSections(config);
  return (
    <div className="landing">
      {/* The hero's title is the page heading; without a hero the studio's name still gives the page one. */}
      {!sections.some((section) => section.key === 'hero') && <h1 className="visually-hidden">{configString(config, 'business_name')}</h1>}
      {sections.map(({ key, Component }) => (
        <Component key={key} config={config} />
      ))}
    </div>
  );
}
