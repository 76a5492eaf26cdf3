import { messages } from '@studio/shared/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { configString, useConfig } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { MobileDrawer } from './mobile-drawer';
import { publicNavLinks } from './nav-links';

export function Navbar() {
  const config = useConfig();
  const signedIn = useSession((state) => state.status === 'signed-in');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const links = publicNavLinks(config);
  const businessName = configString(config, 'business_name');
  const logo = configString(config, 'navbar_logo');

  return (
    <header className="navbar">
      <div className="navbar__inner">
        <Link to={paths.home} className="navbar__brand">
          {logo ? <img src={logo} alt={businessName} className="navbar__logo" /> : businessName}
        </Link>
        <nav className="navbar__nav" aria-label={messages.nav.menu}>
          <ul className="navbar__links">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="navbar__link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={signedIn ? paths.myStudio : paths.login} className="button navbar__account">
          {signedIn ? messages.nav.myAccount : messages.nav.login}
        </Link>
        <button
          type="button"
          className="icon-button navbar__toggle"
          aria-label={messages.nav.openMenu}
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      {drawerOpen && <MobileDrawer links={links} onClose={() => setDrawerOpen(false)} />}
    </header>
  );
}
