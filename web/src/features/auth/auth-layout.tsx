import type { CSSProperties } from 'react';
import { Link, Outlet } from 'react-router';
import { configString, useConfig } from '../../lib/app-config';
import { paths } from '../../lib/paths';
import './auth.css';

/** /entrar, /registro and /recuperar: the login background (bg_login) with the logo leading home. Loads with the auth routes. */
export function AuthLayout() {
  const config = useConfig();
  const background = configString(config, 'bg_login');
  const logo = configString(config, 'navbar_logo');
  const businessName = configString(config, 'business_name');
  const style = background ? ({ '--auth-background': `url(${JSON.stringify(background)})` } as CSSProperties) : undefined;
  return (
    <div className="auth-layout" style={style}>
      <main id="main" tabIndex={-1} className="auth-layout__panel">
        <Link to={paths.home} className="auth-layout__brand">
          {logo ? <img src={logo} alt={businessName} className="auth-layout__logo" /> : businessName}
        </Link>
        <Outlet />
      </main>
    </div>
  );
}
