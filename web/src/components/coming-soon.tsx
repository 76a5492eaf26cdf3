import { messages } from '@studio/shared/messages';
import { useRouteTitle } from '../lib/route-handle';

/** Placeholder for screens whose feature has not landed; the title comes from the route registry. */
export function ComingSoon() {
  const title = useRouteTitle();
  return (
    <section className="screen">
      <h1>{title}</h1>
      <p className="muted">{messages.common.comingSoon}</p>
    </section>
  );
}
