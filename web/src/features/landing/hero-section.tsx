import { messages } from '@studio/shared/messages';
import { SmartLink } from '../../components/smart-link';
import { type AppConfig, configString } from '../../lib/app-config';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function HeroSection({ config }: { config: AppConfig }) {
  const image = configString(config, 'hero_image');
  const video = configString(config, 'hero_video');
  const buttonLink = configString(config, 'hero_button_link');
  return (
    <section className="hero" aria-labelledby="hero-title">
      {video ? (
        // Decorative background: muted, and it never starts on its own for people who asked for less motion.
        <video className="hero__media" src={video} poster={image || undefined} autoPlay={!prefersReducedMotion()} muted loop playsInline aria-hidden="true" />
      ) : (
        image && <img className="hero__media" src={image} alt="" fetchPriority="high" />
      )}
      <div className="hero__content">
        <h1 id="hero-title">{configString(config, 'hero_title') || configString(config, 'business_name')}</h1>
        <p className="hero__tagline">{configString(config, 'hero_tagline')}</p>
        {buttonLink && (
          <SmartLink href={buttonLink} className="button button--large">
            {configString(config, 'hero_button_text') || messages.landing.heroButtonDefault}
          </SmartLink>
        )}
      </div>
    </section>
  );
}
