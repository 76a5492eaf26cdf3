import { useEffect, useState } from 'react';
import { SmartLink } from '../../components/smart-link';
import { configBoolean, configString, useConfig } from '../../lib/app-config';

export const BANNER_HIDE_SCROLL_PX = 1000;

export function Banner() {
  const config = useConfig();
  const [scrolledPast, setScrolledPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolledPast(window.scrollY > BANNER_HIDE_SCROLL_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const text = configString(config, 'banner_text');
  const link = configString(config, 'banner_link');
  if (!configBoolean(config, 'banner_enabled') || !text || scrolledPast) return null;
  return (
    <div className="banner">
      {link ? (
        <SmartLink href={link} className="banner__text">
          {text}
        </SmartLink>
      ) : (
        <p className="banner__text">{text}</p>
      )}
    </div>
  );
}
