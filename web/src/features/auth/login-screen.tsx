import { messages } from '@studio/shared/messages';
import { useId } from 'react';
import { Link, Navigate } from 'react-router';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { LoginForm } from './login-form';
import './auth.css';

export function LoginScreen() {
  const headingId = useId();
  const status = useSession((state) => state.status);
  if (status === 'signed-in') return <Navigate to={paths.myStudio} replace />;

  return (
    <section className="auth-card">
      <h1 id={headingId}>{messages.auth.loginTitle}</h1>
      <LoginForm labelledBy={headingId} />
      <ul className="auth-card__links">
        <li>
          <Link to={paths.recover}>{messages.auth.forgotPassword}</Link>
        </li>
        <li>
          <Link to={paths.signup}>{messages.auth.toSignup}</Link>
        </li>
      </ul>
    </section>
  );
}
