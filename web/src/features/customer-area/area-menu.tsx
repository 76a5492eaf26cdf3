import { messages } from '@studio/shared/messages';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useConfig } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import { areaMenuLinks } from './area-links';
import './customer-area.css';

/** `badges`: what app/ shows beside an entry, by its path (e.g. the unread notifications on Mi Información). */
export function AreaMenu({ onSignOut, badges = {} }: { onSignOut: () => void; badges?: Partial<Record<string, ReactNode>> }) {
  const links = areaMenuLinks(useConfig());
  return (
    <nav className="area-menu" aria-label={messages.nav.myAccount}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.to === paths.myStudio} className="area-menu__link">
              {link.label}
              {badges[link.to]}
            </NavLink>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--secondary area-menu__sign-out" onClick={onSignOut}>
        {messages.auth.signOut}
      </button>
    </nav>
  );
}
