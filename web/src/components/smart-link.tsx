import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { configString, useConfig } from '../lib/app-config';
import { resolveLink } from '../lib/links';

/** A configured link: routed inside the app when it points at the studio's own site, a plain link otherwise. */
export function SmartLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const target = resolveLink(href, configString(useConfig(), 'domain'));
  if (target.kind === 'internal') {
    return (
      <Link to={target.to} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={target.href} className={className}>
      {children}
    </a>
  );
}
