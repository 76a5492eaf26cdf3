import { fill, messages } from '@studio/shared/messages';
import { shopMessages as m } from '@studio/shared/messages/shop';
import type { Page } from '@studio/shared/types/api';
import { useId } from 'react';
import { Checkbox } from '../../../components/form-field';
import { HtmlContent } from '../../../components/html-content';
import { openModal } from '../../../components/modal-store';

export function TermsCheckbox({
  pages,
  business,
  checked,
  onChange,
}: {
  pages: Page[];
  business: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const listId = useId();
  return (
    <div className="checkout-terms">
      <Checkbox label={fill(messages.pages.termsIntro, { business })} checked={checked} onChange={onChange} descriptionId={listId} />
      <ul id={listId} className="checkout-terms__list" aria-label={m.termsDocuments}>
        {pages.map((page) => (
          <li key={page.page_id}>
            <button type="button" className="link-button" onClick={() => openModal(page.title, <HtmlContent html={page.content ?? ''} />)}>
              {page.title}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
