import { messages } from '@studio/shared/messages';
import { type AppConfig, configString } from '../../lib/app-config';

/** The navbar's "Nosotros" link scrolls here (/#about). */
export function AboutSection({ config }: { config: AppConfig }) {
  const image = configString(config, 'about_image');
  return (
    <section id="about" className="landing-section landing-section--split" aria-labelledby="about-title">
      <div className="landing-section__text">
        <h2 id="about-title">{configString(config, 'about_title') || messages.landing.aboutTitleDefault}</h2>
        <p className="pre-line">{configString(config, 'about_content')}</p>
      </div>
      {image && <img className="landing-section__image" src={image} alt="" loading="lazy" />}
    </section>
  );
}
