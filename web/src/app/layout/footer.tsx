import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@studio/shared/messages';
import type { AppConfigKey } from '@studio/shared/config/app-config';
import { configString, useConfig } from '../../lib/app-config';
import { whatsappUrl } from '../../lib/links';
import { contentPagePath, paths } from '../../lib/paths';
import { usePages } from '../../features/pages/use-pages';

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
  const { pages } = usePages();
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
            {pages
              .filter((page) => page.content !== null)
              .map((page) => (
                <li key={page.page_id}>
                  <Link to={contentPagePath(page.slug)}>{page.title}</Link>
                </li>
              ))}
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
