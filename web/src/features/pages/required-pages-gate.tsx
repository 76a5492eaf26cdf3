import { fill, messages } from '@studio/shared/messages';
import type { Page } from '@studio/shared/types/api';
import { type FormEvent, useState } from 'react';
import { Checkbox, FormError } from '../../components/form-field';
import { HtmlContent } from '../../components/html-content';
import { Modal } from '../../components/modal';
import { showSuccess } from '../../lib/alerts';
import { apiErrorText } from '../../lib/api-client';
import { useServerMutation } from '../../lib/server-data';
import { useSignOut } from '../../lib/use-sign-out';
import { acceptPage, usePages } from './pages-api';

/** The gate blocks the whole area, so it always offers a way out. */
function LeaveButton() {
  const signOut = useSignOut();
  return (
    <button type="button" className="button button--secondary" onClick={signOut}>
      {messages.auth.signOut}
    </button>
  );
}

function AcceptPageModal({ page, onAccepted }: { page: Page; onAccepted: (pageId: number) => void }) {
  const [checked, setChecked] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  // The failure shows in the form; on success the next pending document (or the area) replaces this modal.
  const accept = useServerMutation({
    mutationFn: acceptPage,
    meta: { alert: false },
    onSuccess: (_accepted, pageId) => {
      showSuccess(messages.pages.acceptedSaved);
      onAccepted(pageId);
    },
  });
  const saving = accept.isPending || accept.isSuccess;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!checked) {
      setFieldError(fill(messages.validation.acceptPage, { page: page.title }));
      event.currentTarget.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      return;
    }
    accept.mutate(page.page_id);
  }

  return (
    <Modal title={page.title}>
      <div className="modal__document">{page.content?.trim() ? <HtmlContent html={page.content} /> : <p className="muted">{messages.pages.empty}</p>}</div>
      <form onSubmit={submit} noValidate>
        <Checkbox
          label={fill(messages.pages.acceptLabel, { page: page.title })}
          checked={checked}
          onChange={(value) => {
            setChecked(value);
            if (value) setFieldError(undefined);
          }}
          error={fieldError}
        />
        <FormError message={accept.error ? apiErrorText(accept.error) : null} />
        <div className="modal__actions">
          <button type="submit" className="button" disabled={saving} aria-busy={saving}>
            {messages.pages.accept}
          </button>
          <LeaveButton />
        </div>
      </form>
    </Modal>
  );
}

interface RequiredPagesGateProps {
  acceptedPageIds: readonly number[];
  onAccepted: (pageId: number) => void;
}

/**
 * Blocks the customer area, one document at a time, until every required page
 * is accepted (customer-area §2, §6): those the studio requires to use the area
 * (`required`, possibly added after people signed up) and those required at
 * sign-up (`required_signup`, for customers created at the front desk).
 */
export function RequiredPagesGate({ acceptedPageIds, onAccepted }: RequiredPagesGateProps) {
  const { data: pages, isError, isFetching, refetch } = usePages();
  // Without the list we cannot tell what is pending: stay closed rather than let the area be used unaccepted.
  if (isError) {
    return (
      <Modal title={messages.pages.loadError}>
        <div className="modal__actions">
          <button type="button" className="button" aria-busy={isFetching} onClick={() => void refetch({ cancelRefetch: false })}>
            {messages.common.retry}
          </button>
          <LeaveButton />
        </div>
      </Modal>
    );
  }
  if (!pages) return null;
  const pending = pages.find((page) => (page.required || page.required_signup) && !acceptedPageIds.includes(page.page_id));
  if (!pending) return null;
  return <AcceptPageModal key={pending.page_id} page={pending} onAccepted={onAccepted} />;
}
