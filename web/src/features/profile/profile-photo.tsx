import { fill, messages } from '@studio/shared/messages';
import { profileMessages as m } from '@studio/shared/messages/profile';
import type { Customer } from '@studio/shared/types/api';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Spinner } from '../../components/spinner';
import { showSuccess } from '../../lib/alerts';
import { apiErrorText } from '../../lib/api-client';
import { IMAGE_ACCEPT, imageProblem, uploadFile } from '../../lib/file-upload';
import { usePrivateImageUrl } from '../../lib/private-image';
import { useServerMutation } from '../../lib/server-data';
import { saveCustomer } from './profile-api';

const initialsOf = (customer: Customer) => `${customer.name.trim().charAt(0)}${customer.last_name.trim().charAt(0)}`.toUpperCase();

/** The customer's photo (initials when there is none or it cannot be read) and the button that replaces it. */
export function ProfilePhoto({ customer }: { customer: Customer }) {
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const url = usePrivateImageUrl(customer.file?.src ?? null);
  const fullName = `${customer.name} ${customer.last_name}`;
  // Uploaded first, then named on the customer: the profile schema requires its three fields, sent again unchanged.
  const upload = useServerMutation({
    mutationFn: async (file: File) =>
      saveCustomer({ name: customer.name, last_name: customer.last_name, phone: customer.phone, file_id: (await uploadFile(file)).file_id }),
    meta: { alert: false },
  });

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that picking the same file again, after a fix or a failure, fires again.
    event.target.value = '';
    if (!file) return;
    const problem = imageProblem(file, m.photoType);
    setError(problem);
    if (problem) return;
    upload.mutate(file, {
      onSuccess: () => showSuccess(messages.customer.profileUpdated),
      onError: (failure) => setError(apiErrorText(failure)),
    });
  };

  return (
    <div className="profile-photo">
      {url ? (
        <img className="profile-photo__image" src={url} alt={fill(m.photoOf, { name: fullName })} />
      ) : (
        <span className="profile-photo__image profile-photo__initials" role="img" aria-label={fill(m.initialsOf, { name: fullName })}>
          {initialsOf(customer)}
        </span>
      )}
      <div className="profile-photo__actions">
        <input ref={input} type="file" accept={IMAGE_ACCEPT} hidden onChange={onPick} />
        <button
          type="button"
          className="button button--secondary"
          disabled={upload.isPending}
          aria-busy={upload.isPending}
          aria-describedby={error ? errorId : undefined}
          onClick={() => input.current?.click()}
        >
          {upload.isPending ? m.uploadingPhoto : m.uploadPhoto}
        </button>
        {upload.isPending && <Spinner label={m.uploadingPhoto} />}
        <div role="alert" className="form-error-slot">
          {error && (
            <p id={errorId} className="form-error">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
