import { messages } from '@studio/shared/messages';
import { Link } from 'react-router';

export function NotFound() {
  return (
    <section className="screen screen--center">
      <h1>{messages.common.notFoundTitle}</h1>
      <p>{messages.common.notFoundBody}</p>
      <Link className="button" to="/">
        {messages.common.backHome}
      </Link>
    </section>
  );
}
