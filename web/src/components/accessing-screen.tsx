import { messages } from '@studio/shared/messages';
import { Link } from 'react-router';
import { paths } from '../lib/paths';
import { useAfterDelay } from '../lib/use-after-delay';
import { Spinner } from './spinner';

export const LOGIN_HINT_DELAY_MS = 30_000;

/** What a signed-in area (/mystudio, /admin) shows until its person is signed in; the way out to /entrar appears after 30 s. */
export function AccessingScreen() {
  const showHint = useAfterDelay(LOGIN_HINT_DELAY_MS);
  return (
    <section className="screen screen--center">
      <h1>{messages.common.accessing}</h1>
      <Spinner />
      <div aria-live="polite">
        {showHint && (
          <p>
            {messages.common.accessingHint} <Link to={paths.login}>{messages.common.goToLogin}</Link>
          </p>
        )}
      </div>
    </section>
  );
}
