import { messages } from '@studio/shared/messages';
import { useRef, useState } from 'react';
import { SmartLink } from '../../components/smart-link';
import { type AppConfig, configString } from '../../lib/app-config';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A decorative background clip. Lighthouse-friendly: the poster (hero_image)
 * paints first, nothing downloads before it is needed, and it plays muted and
 * inline. For people who asked for less motion it never starts on its own; a
 * button pauses or plays it either way (moving content must be pausable).
 */
function HeroVideo({ src, poster }: { src: string; poster: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [autoPlay] = useState(() => !prefersReducedMotion());
  // Follows the element's own events: autoplay may be refused (low-power mode), and the label must say what a tap will do.
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (!video.paused) {
      video.pause();
      return;
    }
    video.play()?.catch(() => {
      // The browser refused (data saver, no media support): the poster stays, which is fine.
    });
  };
  return (
    <>
      <video
        ref={ref}
        className="hero__media"
        src={src}
        poster={poster || undefined}
        autoPlay={autoPlay}
        // With a poster nothing needs loading before play; without one, the first frame stands in for it.
        preload={poster ? 'none' : 'metadata'}
        muted
        loop
        playsInline
        aria-hidden="true"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <button type="button" className="hero__toggle" onClick={toggle}>
        {playing ? messages.landing.pauseVideo : messages.landing.playVideo}
      </button>
    </>
  );
}

/** The landing's first section: image or video, title (the page's h1), tagline and button. */
export function HeroSection({ config }: { config: AppConfig }) {
  const image = configString(config, 'hero_image');
  const video = configString(config, 'hero_video');
  const tagline = configString(config, 'hero_tagline');
  const buttonLink = configString(config, 'hero_button_link');
  return (
    <section className="hero" aria-labelledby="hero-title">
      {video ? <HeroVideo src={video} poster={image} /> : image && <img className="hero__media" src={image} alt="" fetchPriority="high" />}
      <div className="hero__content">
        <h1 id="hero-title">{configString(config, 'hero_title') || configString(config, 'business_name')}</h1>
        {tagline && <p className="hero__tagline">{tagline}</p>}
        {buttonLink && (
          <SmartLink href={buttonLink} className="button button--large">
            {configString(config, 'hero_button_text') || messages.landing.heroButtonDefault}
          </SmartLink>
        )}
      </div>
    </section>
  );
}
