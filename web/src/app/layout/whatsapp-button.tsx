import { messages } from '@studio/shared/messages';
import { useLocation } from 'react-router';
import { configBoolean, configString, useConfig } from '../../lib/app-config';
import { whatsappUrl } from '../../lib/links';
import { paths } from '../../lib/paths';

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.9c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.8 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.7.5-.1 1.5-.6 1.8-1.2.2-.6.2-1.1.1-1.2l-.2-.2Z"
      />
    </svg>
  );
}

export function WhatsAppButton() {
  const config = useConfig();
  const number = configString(config, 'whatsapp');
  const { pathname } = useLocation();
  // The studio's own number is for its customers: in the console it only covered the controls (the kiosk's result card on a phone).
  const inConsole = pathname === paths.admin || pathname.startsWith(`${paths.admin}/`);
  if (!configBoolean(config, 'whatsapp_widget') || !number || inConsole) return null;
  // A landmark of its own: content outside every landmark is missed by screen-reader users moving between regions (axe: region).
  return (
    <aside aria-label={messages.nav.whatsappRegion}>
      <a className="whatsapp-fab" href={whatsappUrl(number, '521')} aria-label={messages.nav.whatsapp}>
        <WhatsAppIcon />
      </a>
    </aside>
  );
}
