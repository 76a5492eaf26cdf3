import { shopMessages as m } from '@studio/shared/messages/shop';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

export function SignInPanel({ returnTo }: { returnTo: string }) {
  return (
    <section className="checkout-panel" aria-labelledby="checkout-sign-in">
      <h2 id="checkout-sign-in">{m.signInTitle}</h2>
      <p>{m.signInBody}</p>
      <div className="actions">
        {/* The state carries where to come back to once signed in. */}
        <Link className="button" to={paths.login} state={{ from: returnTo }}>
          {m.signIn}
        </Link>
        <Link className="button button--secondary" to={paths.signup} state={{ from: returnTo }}>
          {m.signUp}
        </Link>
      </div>
    </section>
  );
}
