import { messages } from '@studio/shared/messages';
import { adminMessages } from '@studio/shared/messages/admin';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { adminLinks, groupAdminLinks } from './admin-links';

/** The section a path is in: the longest menu path it starts with ('Tablero' only for /admin itself). */
function currentSection(pathname: string): string | undefined {
  const within = adminLinks.filter((link) => (link.path === paths.admin ? pathname === paths.admin : pathname.startsWith(link.path)));
  return within.sort((a, b) => b.path.length - a.path.length)[0]?.label;
}

/**
 * The console's menu: every section of the table (./admin-links.ts), under its
 * group's label. On a phone or a tablet (admin.css) it is a drawer behind a
 * button naming the open section, so a screen starts at its own content and no
 * row of links widens the page; it closes on choosing a section or on Escape.
 * From 56rem it is a column beside the screen and the button is not shown.
 */
export function AdminMenu() {
  const id = useId();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const section = currentSection(pathname);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    button.current?.focus();
  };

  return (
    <nav className="admin-menu" aria-label={messages.screens.adminTitle} data-open={open} onKeyDown={closeOnEscape}>
      <button
        ref={button}
        type="button"
        className="admin-menu__toggle"
        aria-expanded={open}
        aria-controls={`${id}-groups`}
        onClick={() => setOpen((was) => !was)}
      >
        <span>{adminMessages.menuButton}</span> {section && <span className="admin-menu__current">{section}</span>}
      </button>
      <div id={`${id}-groups`} className="admin-menu__groups">
        {groupAdminLinks(adminLinks).map(({ group, label, links }) => (
          <div key={group} className="admin-menu__group">
            <p id={`${id}-${group}`} className="admin-menu__group-label">
              {label}
            </p>
            <ul aria-labelledby={`${id}-${group}`}>
              {links.map((link) => (
                <li key={link.path}>
                  {/* 'Tablero' (/admin) is current on /admin alone, not on every section below it. */}
                  <NavLink to={link.path} end={link.path === paths.admin} className="admin-menu__link" onClick={() => setOpen(false)}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
