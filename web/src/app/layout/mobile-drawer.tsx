import { messages } from '@studio/shared/messages';
import { useId } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../components/modal';
import { drawerSections } from '../../features/customer-area/area-links';
import { configString, useConfig } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useSignOut } from '../../lib/use-sign-out';
import type { NavItem } from './nav-links';

function LinkList({ links, onNavigate }: { links: readonly NavItem[]; onNavigate: () => void }) {
  return (
    <ul className="drawer__list">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="drawer__link" onClick={onNavigate}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function DrawerSection({ title, links, onNavigate }: { title: string; links: readonly NavItem[]; onNavigate: () => void }) {
  const id = useId();
  return (
    <section className="drawer__section" aria-labelledby={id}>
      <h3 id={id} className="drawer__title">
        {title}
      </h3>
      <LinkList links={links} onNavigate={onNavigate} />
    </section>
  );
}

export function MobileDrawer({ links, onClose }: { links: readonly NavItem[]; onClose: () => void }) {
  const config = useConfig();
  const signedIn = useSession((state) => state.status === 'signed-in');
  const signOut = useSignOut();
  return (
    <Modal title={configString(config, 'business_name')} onClose={onClose} variant="drawer">
      <nav aria-label={messages.nav.menu}>
        <LinkList links={links} onNavigate={onClose} />
        {signedIn ? (
          <>
            {drawerSections(config).map((section) => (
              <DrawerSection key={section.title} title={section.title} links={section.links} onNavigate={onClose} />
            ))}
            <button
              type="button"
              className="button button--secondary button--block"
              onClick={() => {
                onClose();
                signOut();
              }}
            >
              {messages.auth.signOut}
            </button>
          </>
        ) : (
          <Link to={paths.login} className="button button--block" onClick={onClose}>
            {messages.nav.login}
          </Link>
        )}
      </nav>
    </Modal>
  );
}
