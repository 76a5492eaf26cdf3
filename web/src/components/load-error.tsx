import { messages } from '@studio/shared/messages';

/** A read that failed, said where the content would be, with a way to try again (announced: role=alert). */
export function LoadError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div>
      <p role="alert">{message}</p>
      <button type="button" className="button" aria-busy={retrying} onClick={onRetry}>
        {messages.common.retry}
      </button>
    </div>
  );
}
