import type { AppConfigKey } from '@studio/shared/config/app-config';
import { messages } from '@studio/shared/messages';
import { type ComponentType, lazy, type ReactNode, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { configString, useConfig } from '../../lib/app-config';
import { useAfterFirstPaint } from '../../lib/first-paint';
import { whatsappUrl } from '../../lib/links';
import { paths } from '../../lib/paths';

/** The page list is server data: it loads after the first paint, with the server-data code (docs/adr/0080). */
// Without its code (a dropped connection, a deploy mid-visit) the footer simply lists no pages; the page stays usable.
const PageLinks = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    return { default: (await import('../../features/pages/page-links')).PageLinks };
  } catch {
    return { default: () => null };
  }
});

// Brand names, not Spanish copy: they read the same in every language.
const SOCIAL_NETWORKS: readonly { key: AppConfigKey; name: string }[] = [
  { key: 'facebook', name: 'Facebook' },
  { key: 'instagram', name: 'Instagram' },
  { key: 'tiktok', name: 'TikTok' },
];

function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="footer__section" aria-labelledby={id}>
      <h2 id={id} className="footer__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Footer() {
  const config = useConfig();
  const painted = useAfterFirstPaint();
  const whatsapp = configString(config, 'whatsapp');
  const email = configString(config, 'email');
  const location = configString(config, 'location');
  const socials = SOCIAL_NETWORKS.map((network) => ({ ...network, url: configString(config, network.key) })).filter((network) => network.url);

  return (
    <footer className="footer">
      <div className="footer__grid">
        <FooterSection title={messages.landing.footerContact}>
          <ul className="footer__list">
            {whatsapp && (
              <li>
                <a href={whatsappUrl(whatsapp, '52')}>WhatsApp</a>
              </li>
            )}
            {email && (
              <li>
                <a href={`mailto:${email}`}>{email}</a>
              </li>
            )}
            {socials.map((network) => (
              <li key={network.key}>
                <a href={network.url}>{network.name}</a>
              </li>
            ))}
          </ul>
        </FooterSection>
        {location && (
          <FooterSection title={messages.landing.footerLocation}>
            <address className="pre-line">{location}</address>
          </FooterSection>
        )}
        <FooterSection title={messages.landing.footerInfo}>
          <ul className="footer__list">
            {painted && (
              <Suspense fallback={null}>
                <PageLinks />
              </Suspense>
            )}
            <li>
              <Link to={paths.announcements}>{messages.nav.announcements}</Link>
            </li>
          </ul>
        </FooterSection>
      </div>
      <p className="footer__powered">{messages.landing.poweredBy}</p>
    </footer>
  );
}
