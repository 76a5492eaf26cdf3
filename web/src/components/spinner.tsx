import { messages } from '@studio/shared/messages';
import './spinner.css';

export function Spinner({ label = messages.common.loading }: { label?: string }) {
  return (
    <div role="status" className="spinner">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
