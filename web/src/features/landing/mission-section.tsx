import { messages } from '@studio/shared/messages';
import { type AppConfig, configString } from '../../lib/app-config';

export function MissionSection({ config }: { config: AppConfig }) {
  const image = configString(config, 'mission_image');
  return (
    <section id="mission" className="landing-section landing-section--accent" aria-labelledby="mission-title">
      <div className="landing-section__text">
        <h2 id="mission-title">{configString(config, 'mission_title') || messages.landing.missionTitleDefault}</h2>
        <p className="pre-line">{configString(config, 'mission_content')}</p>
      </div>
      {image && <img className="landing-section__image" src={image} alt="" loading="lazy" />}
    </section>
  );
}
