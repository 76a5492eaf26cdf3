import { checkoutMessages } from '@studio/shared/messages/checkout';
import './status-badge.css';

const labels: Record<string, string> = checkoutMessages.statuses;

/** A purchase or invoice status with its Spanish label; a value without one is shown as it is (customer-area §4). */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-badge--${status}`}>{labels[status] ?? status}</span>;
}
