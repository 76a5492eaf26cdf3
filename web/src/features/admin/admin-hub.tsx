import { messages } from '@studio/shared/messages';
import { adminMessages } from '@studio/shared/messages/admin';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { adminLinks, groupAdminLinks } from './admin-links';

/** /admin: the console's 'Inicio', a card per section of the table (./admin-links.ts) but itself. */
export function AdminHub() {
  const id = useId();
  const groups = groupAdminLinks(adminLinks.filter((link) => link.path !== paths.admin));
  return (
    <section className="screen admin-hub">
      <h1>{messages.screens.adminTitle}</h1>
      <p className="muted">{adminMessages.hubIntro}</p>
      {groups.map(({ group, label, links }) => (
        <div key={group} className="admin-hub__group">
          <h2 id={`${id}-${group}`}>{label}</h2>
          <ul className="admin-hub__cards" aria-labelledby={`${id}-${group}`}>
            {links.map((link) => (
              <li key={link.path}>
                <Link to={link.path} className="admin-hub__card">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
