import { messages } from '@studio/shared/messages';
import type { Page } from '@studio/shared/types/api';
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { SignupForm } from './signup-form';
import './auth.css';

interface SignupScreenProps {
  /** Pages flagged required_signup; null while the page list is still loading. */
  requiredPages: readonly Page[] | null;
}

export function SignupScreen({ requiredPages }: SignupScreenProps) {
  const headingId = useId();
  const navigate = useNavigate();
  return (
    <section className="auth-card auth-card--wide">
      <h1 id={headingId}>{messages.auth.signupTitle}</h1>
      <SignupForm requiredPages={requiredPages} labelledBy={headingId} onSignedUp={() => navigate(paths.myStudio)} />
      <ul className="auth-card__links">
        <li>
          <Link to={paths.login}>{messages.auth.haveAccount}</Link>
        </li>
      </ul>
    </section>
  );
}
