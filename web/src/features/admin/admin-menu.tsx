import { messages } from '@studio/shared/messages';
import { useId } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../lib/paths';
import { adminLinks, groupAdminLinks } from './admin-links';

/** The console's menu: every section of the table (./admin-links.ts), under its group's label. */
export function AdminMenu() {
  const id = useId();
  return (
    <nav className="admin-menu" aria-label={messages.screens.adminTitle}>
      {groupAdminLinks(adminLinks).map(({ group, label, links }) => (
        <div key={group} className="admin-menu__group">
          <p id={`${id}-${group}`} className="admin-menu__group-label">
            {label}
          </p>
          <ul aria-labelledby={`${id}-${group}`}>
            {links.map((link) => (
              <li key={link.path}>
                {/* 'Inicio' is current on /admin alone, not on every section below it. */}
                <NavLink to={link.path} end={link.path === paths.admin} className="admin-menu__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
