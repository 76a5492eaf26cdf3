import { adminMessages as m } from '@studio/shared/messages/admin';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** What a signed-in person without the `admin` claim sees at /admin/*: no console data, no console menu. */
export function NoAccess() {
  return (
    <section className="screen screen--center">
      <h1>{m.noAccessTitle}</h1>
      <p>{m.noAccessBody}</p>
      <Link className="button" to={paths.myStudio}>
        {m.backToMyStudio}
      </Link>
    </section>
  );
}
