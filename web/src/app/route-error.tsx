import { messages } from '@studio/shared/messages';

/** Last resort when a screen fails to load or render; a full reload to home gets a fresh app. */
export function RouteError() {
  return (
    <main id="main" className="screen screen--center">
      <p role="alert">{messages.common.genericError}</p>
      <a className="button" href="/">
        {messages.common.backHome}
      </a>
    </main>
  );
}
